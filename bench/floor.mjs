// The floor: a hand-written loop doing the irreducible work of an event loop —
// make each event, apply its state delta, append it to the history — with no
// framework around it.
import { randomUUID } from 'node:crypto';

async function* emitter(count, invocationId) {
  for (let index = 0; index < count; index++) {
    yield {
      id: randomUUID(),
      invocationId,
      author: 'emitter',
      timestamp: Date.now() / 1000,
      content: { role: 'model', parts: [{ text: `event ${index}` }] },
      actions: { stateDelta: { [`emitter_${index}`]: index } },
    };
  }
}

async function turn(session, count) {
  const invocationId = `e-${randomUUID()}`;
  session.events.push({
    id: randomUUID(),
    invocationId,
    author: 'user',
    content: { role: 'user', parts: [{ text: 'go' }] },
  });
  for await (const event of emitter(count, invocationId)) {
    Object.assign(session.state, event.actions.stateDelta);
    session.events.push(event);
  }
}

export async function floorRun(scenario, perTurn) {
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  if (scenario === 'history') {
    const session = { state: {}, events: [] };
    const times = [];
    for (let index = 0; index < 200; index++) {
      const start = performance.now();
      await turn(session, perTurn);
      times.push(performance.now() - start);
    }
    const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;
    return { firstMs: mean(times.slice(0, 20)), lastMs: mean(times.slice(-20)) };
  }
  for (let index = 0; index < 30; index++) await turn({ state: {}, events: [] }, perTurn);
  const cpuStart = process.cpuUsage();
  const times = [];
  for (let index = 0; index < 300; index++) {
    const start = performance.now();
    await turn({ state: {}, events: [] }, perTurn);
    times.push(performance.now() - start);
  }
  const cpu = process.cpuUsage(cpuStart);
  return {
    wallUsPerEvent: (median(times) * 1000) / perTurn,
    cpuUsPerEvent: (cpu.user + cpu.system) / 300 / perTurn,
    rssMb: process.memoryUsage().rss / 1e6,
  };
}
