// One measurement in a fresh process: node --expose-gc bench.mjs <framework> <scenario>
// Prints one JSON line. Frameworks: floor, adk-ts, google-adk. Scenarios: events, workflow, history.
import { loadAdkTs, loadGoogleAdk } from './frameworks.mjs';
import { floorRun } from './floor.mjs';

const [frameworkName, scenario] = process.argv.slice(2);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const nowMs = () => performance.now();

function agentFor(fw, scenarioName) {
  if (scenarioName === 'workflow') {
    return fw.sequential('pipeline', [
      fw.parallel('fan_out', [fw.emitter('a', 2), fw.emitter('b', 2), fw.emitter('c', 2)]),
      fw.loop('refine', 3, [fw.emitter('reviser', 1)]),
    ]);
  }
  return fw.emitter('emitter', scenarioName === 'history' ? 2 : 10);
}
const eventsPerTurn = { events: 10, workflow: 9, history: 2 };

async function turn(fw, runner, sessionId, text) {
  const events = [];
  for await (const event of runner.runAsync({
    userId: 'u',
    sessionId,
    newMessage: { role: 'user', parts: [{ text }] },
  })) {
    events.push(event);
  }
  return events.length;
}

async function measure() {
  if (frameworkName === 'floor') return floorRun(scenario, eventsPerTurn[scenario]);
  const fw = frameworkName === 'adk-ts' ? await loadAdkTs() : await loadGoogleAdk();
  const runner = fw.runner(agentFor(fw, scenario));
  const newSession = async () =>
    (await runner.sessionService.createSession({ appName: 'bench', userId: 'u' })).id;
  if (scenario === 'history') {
    const sessionId = await newSession();
    const times = [];
    for (let index = 0; index < 200; index++) {
      const start = nowMs();
      const count = await turn(fw, runner, sessionId, `message ${index}`);
      if (count !== eventsPerTurn.history)
        throw new Error(`expected ${eventsPerTurn.history} events, got ${count}`);
      times.push(nowMs() - start);
    }
    const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;
    return { firstMs: mean(times.slice(0, 20)), lastMs: mean(times.slice(-20)) };
  }
  for (let index = 0; index < 30; index++) await turn(fw, runner, await newSession(), 'warm up');
  global.gc?.();
  const cpuStart = process.cpuUsage();
  const times = [];
  const runs = 300;
  for (let index = 0; index < runs; index++) {
    const sessionId = await newSession();
    const start = nowMs();
    const count = await turn(fw, runner, sessionId, 'go');
    times.push(nowMs() - start);
    if (count !== eventsPerTurn[scenario])
      throw new Error(`expected ${eventsPerTurn[scenario]} events, got ${count}`);
  }
  const cpu = process.cpuUsage(cpuStart);
  const perEvent = eventsPerTurn[scenario];
  return {
    wallUsPerEvent: (median(times) * 1000) / perEvent,
    cpuUsPerEvent: (cpu.user + cpu.system) / runs / perEvent,
    rssMb: process.memoryUsage().rss / 1e6,
  };
}

console.log(JSON.stringify({ framework: frameworkName, scenario, ...(await measure()) }));
