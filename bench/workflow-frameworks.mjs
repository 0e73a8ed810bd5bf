// The workflow scenario on each framework's public API: ten function nodes, no model.
//
//   START → a → [b1 … b5] → join → c → d → e
//
// `a` writes one state key and outputs 1; each `b<i>` outputs its input + i; `join` gathers
// the five outputs ({ b1: 2, …, b5: 6 }); `c` sums them (20) and writes it to state; `d` and
// `e` add one each, so every run ends with the output 22. The floor does the same work by hand:
// one event per node (id, invocation, author, output, state delta) appended to the session's
// history, the state applied, the five branches run concurrently.
//
// createWorkflowApp(framework) returns { newSession(), run(sessionId) → { events, output } }.
import { randomUUID } from 'node:crypto';

/** What `e` outputs on every run. */
export const EXPECTED_OUTPUT = 22;
const FAN_OUT = 5;

const handlers = {
  a: (ctx) => {
    ctx.state.set('started', true);
    return 1;
  },
  b: (index) => (_ctx, input) => input + index,
  c: (ctx, input) => {
    let total = 0;
    for (const value of Object.values(input)) total += value;
    ctx.state.set('total', total);
    return total;
  },
  next: (_ctx, input) => input + 1,
};

/** The graph, with node and workflow classes from one framework's module. */
function graph(adk) {
  const a = new adk.FunctionNode('a', handlers.a);
  const branches = [];
  for (let index = 1; index <= FAN_OUT; index++) {
    branches.push(new adk.FunctionNode(`b${index}`, handlers.b(index)));
  }
  const join = new adk.JoinNode({ name: 'join' });
  const c = new adk.FunctionNode('c', handlers.c);
  const d = new adk.FunctionNode('d', handlers.next);
  const e = new adk.FunctionNode('e', handlers.next);
  return new adk.Workflow({ name: 'pipeline', edges: [[adk.START, a, branches, join, c, d, e]] });
}

/** Runs one message through a framework's runner; counts the events and reads e's output. */
function runnerApp(runner) {
  return {
    newSession: async () =>
      (await runner.sessionService.createSession({ appName: 'bench', userId: 'u' })).id,
    async run(sessionId) {
      let events = 0;
      let output;
      for await (const event of runner.runAsync({
        userId: 'u',
        sessionId,
        newMessage: { role: 'user', parts: [{ text: 'go' }] },
      })) {
        events++;
        if (event.author === 'e' && event.output !== undefined) output = event.output;
      }
      return { events, output };
    },
  };
}

async function adkTsApp() {
  const adk = await import(`${process.env.ADK_TS_DIST ?? '../dist'}/index.js`);
  return runnerApp(new adk.InMemoryRunner({ agent: graph(adk), appName: 'bench' }));
}

async function googleAdkApp() {
  const adk = await import('@google/adk');
  adk.setLogLevel?.(adk.LogLevel?.ERROR ?? 3);
  return runnerApp(new adk.InMemoryRunner({ agent: graph(adk), appName: 'bench' }));
}

/** The hand-written floor: plain async functions, one event per node, nothing else. */
function floorApp() {
  const sessions = new Map();
  const record = (session, invocationId, author, output, stateDelta = {}) => {
    const event = {
      id: randomUUID(),
      invocationId,
      author,
      timestamp: Date.now() / 1000,
      output,
      actions: { stateDelta },
    };
    Object.assign(session.state, stateDelta);
    session.events.push(event);
    return output;
  };
  return {
    async newSession() {
      const id = randomUUID();
      sessions.set(id, { state: {}, events: [] });
      return id;
    },
    async run(sessionId) {
      const session = sessions.get(sessionId);
      const invocationId = `e-${randomUUID()}`;
      const step = async (author, output, stateDelta) =>
        record(session, invocationId, author, output, stateDelta);
      session.events.push({
        id: randomUUID(),
        invocationId,
        author: 'user',
        content: { role: 'user', parts: [{ text: 'go' }] },
      });
      const first = await step('a', 1, { started: true });
      const outputs = await Promise.all(
        Array.from({ length: FAN_OUT }, (_, index) => step(`b${index + 1}`, first + index + 1)),
      );
      const joined = {};
      outputs.forEach((value, index) => (joined[`b${index + 1}`] = value));
      await step('join', joined);
      let total = 0;
      for (const value of Object.values(joined)) total += value;
      const c = await step('c', total, { total });
      const d = await step('d', c + 1);
      const output = await step('e', d + 1);
      return { events: 11, output };
    },
  };
}

/** The app of one framework: floor, adk-ts or google-adk. */
export async function createWorkflowApp(framework) {
  if (framework === 'floor') return floorApp();
  if (framework === 'adk-ts') return adkTsApp();
  if (framework === 'google-adk') return googleAdkApp();
  throw new Error(`unknown framework ${framework}`);
}
