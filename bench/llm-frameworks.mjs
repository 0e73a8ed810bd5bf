// The LLM-turn scenarios' app, written once per framework against its public
// API (the method of /work/shared/reference/perf-anchors.md):
//
// - an instant fake model that decides from the request it is given: it counts
//   the tool results since the last user message (n) and calls `add({a: n, b: 1})`
//   while n < K, then answers with a text. It is stateless, so it behaves the
//   same under concurrency and only sees the history the framework sends;
// - an `add` tool declared with a zod schema (argument validation is measured);
// - an LLM agent with that model and tool, run by the framework's in-memory runner.
//
// `createApp(K)` returns `{ newSession(), send(handle, text), lastRequestItems }`;
// `stats.llm` and `stats.tool` count model and tool calls so the bench can
// check every run did exactly the scripted work.

import { pathToFileURL } from 'node:url';

export const stats = { llm: 0, tool: 0 };

/** The scripted decision: a call while fewer than K results came back, then a text. */
export function decide(n, K) {
  return n < K ? { call: { name: 'add', args: { a: n, b: 1 } } } : { text: `done after ${n}` };
}

/** The tool's work. */
export function add(a, b) {
  stats.tool++;
  return a + b;
}

/** Tool results (function-response parts) after the last user text, in genai contents. */
function countResultsSinceUser(contents) {
  let n = 0;
  for (let index = contents.length - 1; index >= 0; index--) {
    const parts = contents[index].parts ?? [];
    let responses = 0;
    let userText = false;
    for (const part of parts) {
      if (part.functionResponse) responses++;
      else if (part.text !== undefined) userText = true;
    }
    if (contents[index].role === 'user' && userText && responses === 0) break;
    n += responses;
  }
  return n;
}

function responseFor(decision) {
  return decision.call
    ? { content: { role: 'model', parts: [{ functionCall: decision.call }] } }
    : { content: { role: 'model', parts: [{ text: decision.text }] } };
}

/** An app on an ADK-shaped API (this package and @google/adk share it). */
function adkApp(adk, z, K, modelName) {
  const probe = { lastRequestItems: 0 };
  class FakeLlm extends adk.BaseLlm {
    async *generateContentAsync(request) {
      stats.llm++;
      probe.lastRequestItems = request.contents.length;
      yield responseFor(decide(countResultsSinceUser(request.contents), K));
    }
    async connect() {
      throw new Error('not used');
    }
  }
  const addTool = new adk.FunctionTool({
    name: 'add',
    description: 'Adds two numbers.',
    parameters: z.object({ a: z.number(), b: z.number() }),
    execute: ({ a, b }) => add(a, b),
  });
  const agent = new adk.LlmAgent({
    name: 'calculator',
    model: new FakeLlm({ model: modelName }),
    instruction: 'Add numbers with the add tool.',
    tools: [addTool],
  });
  const runner = new adk.InMemoryRunner({ agent, appName: 'bench' });
  return {
    probe,
    async newSession() {
      return (await runner.sessionService.createSession({ appName: 'bench', userId: 'u' })).id;
    },
    async send(sessionId, text) {
      let events = 0;
      for await (const event of runner.runAsync({
        userId: 'u',
        sessionId,
        newMessage: { role: 'user', parts: [{ text }] },
      })) {
        if (event.author) events++;
      }
      return events;
    },
  };
}

/**
 * This package, from its build (run `npm run build` in the repo root first);
 * ADK_TS_DIST=<dir> loads another build instead, to compare two builds.
 */
async function adkTs(K) {
  const adk = await import(
    process.env.ADK_TS_DIST
      ? pathToFileURL(`${process.env.ADK_TS_DIST}/index.js`).href
      : '../dist/index.js'
  );
  // The zod the package itself resolves (the repo's), as an app using it would.
  const { z } = await import('../node_modules/zod/index.js');
  return adkApp(adk, z, K, 'fake-model');
}

/** `@google/adk` 2.0.0 (installed in bench/node_modules). */
async function googleAdk(K) {
  const adk = await import('@google/adk');
  adk.setLogLevel?.(adk.LogLevel?.ERROR ?? 3);
  const { z } = await import('zod');
  return adkApp(adk, z, K, 'fake-model');
}

/**
 * The floor: a hand-written ReAct loop. An async fake model scans the history
 * backwards; the loop pushes the model's and the tool's items into a plain
 * array and calls the tool from a map. `json` adds what any HTTP client must
 * do on every call: `JSON.stringify` the whole history (the request body).
 */
async function floor(K, { json = false } = {}) {
  const probe = { lastRequestItems: 0 };
  const sessions = new Map();
  const tools = { add: ({ a, b }) => add(a, b) };
  let nextId = 0;
  async function model(history) {
    stats.llm++;
    probe.lastRequestItems = history.length;
    if (json) JSON.stringify(history);
    let n = 0;
    for (let index = history.length - 1; index >= 0 && history[index].role !== 'user'; index--) {
      if (history[index].role === 'tool') n++;
    }
    return decide(n, K);
  }
  return {
    probe,
    async newSession() {
      const id = `s${nextId++}`;
      sessions.set(id, []);
      return id;
    },
    async send(sessionId, text) {
      const history = sessions.get(sessionId);
      history.push({ role: 'user', text });
      let events = 0;
      for (;;) {
        const reply = await model(history);
        history.push({ role: 'model', ...reply });
        events++;
        if (!reply.call) break;
        history.push({
          role: 'tool',
          name: reply.call.name,
          result: tools[reply.call.name](reply.call.args),
        });
        events++;
      }
      return events;
    },
  };
}

export const FRAMEWORKS = ['floor', 'floor+json', 'adk-ts', 'google-adk'];

export async function createApp(framework, K) {
  switch (framework) {
    case 'floor':
      return floor(K);
    case 'floor+json':
      return floor(K, { json: true });
    case 'adk-ts':
      return adkTs(K);
    case 'google-adk':
      return googleAdk(K);
    default:
      throw new Error(`unknown framework ${framework}`);
  }
}

/** Events one message yields: K (call + result) pairs and the final answer. */
export const eventsPerMessage = (K) => 2 * K + 1;
