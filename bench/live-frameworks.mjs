// The live latency scenario (issue 18 §4) on each framework: a live model connection that
// produces partial text chunks, and a caller that reads the events.
//
// One chunk arrives at a time, in a macrotask of its own (as a socket message does): the
// connection stamps its arrival, the framework turns it into an event, and the caller stamps
// the moment its `for await` (or its WebSocket `message` handler) sees that event. The next chunk
// arrives once the caller has seen the previous one (lockstep), so what is measured is the
// latency each chunk takes through the framework, never time spent queued behind other chunks.
//
// createLiveApp(framework, plan) → { run() } where `run` drives one live session through
// plan.total chunks and a turn end, and resolves when the session is closed.
//   floor       a hand-written loop: the connection's stream → an event object → the caller
//   adk-ts      Runner.runLive (InMemoryRunner, LlmAgent on a model whose connect() returns the connection)
//   google-adk  @google/adk's Runner.runLive, the same agent and connection
//   floor-ws    the floor behind a bare `ws` server (event JSON in a text frame), read by a `ws` client
//   adk-ts-ws   adk-ts's /run_live (serveApiServer on 127.0.0.1), read by a `ws` client
// The WebSocket client runs in the same process as the server (one clock), so its parsing and
// the loopback TCP hop are part of the figure.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers';
import WebSocket, { WebSocketServer } from 'ws';

const dist = process.env.ADK_TS_DIST ?? '../dist';

/**
 * What one session measures: `arrivals[i]` when chunk i arrived, `latencies[i]` how long it
 * took to reach the caller (ms), for i < total.
 */
export function createPlan(total) {
  return {
    total,
    arrivals: new Float64Array(total),
    latencies: new Float64Array(total),
    connection: undefined,
  };
}

/**
 * A live connection (both frameworks' BaseLlmConnection shape): the first content sent starts
 * the chunks; `seen(i)` (called by the caller) lets chunk i + 1 arrive in the next macrotask;
 * after the last chunk, a turn end. `receive()` ends with the turn, as Gemini's does.
 */
class ChunkConnection {
  constructor(plan) {
    this.plan = plan;
    this.inbox = [];
    this.wake = undefined;
    this.closed = false;
    this.started = false;
    plan.connection = this;
  }

  async sendHistory() {}

  async sendContent() {
    if (this.started) return;
    this.started = true;
    setImmediate(() => this.arrive(0));
  }

  async sendRealtime() {}

  arrive(index) {
    if (this.closed) return;
    if (index === this.plan.total) {
      this.push({ turnComplete: true });
      return;
    }
    this.plan.arrivals[index] = performance.now();
    this.push({ content: { role: 'model', parts: [{ text: String(index) }] }, partial: true });
  }

  /** The caller saw chunk `index`: record its latency and let the next one arrive. */
  seen(index) {
    const plan = this.plan;
    plan.latencies[index] = performance.now() - plan.arrivals[index];
    setImmediate(() => this.arrive(index + 1));
  }

  push(response) {
    this.inbox.push(response);
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  async *receive() {
    for (;;) {
      const next = this.inbox.shift();
      if (next) {
        yield next;
        if (next.turnComplete) return;
        continue;
      }
      if (this.closed) return;
      await new Promise((resolve) => (this.wake = resolve));
    }
  }

  async close() {
    this.closed = true;
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

/** A model of `adk` (either framework's module) whose live sessions are ChunkConnections. */
function chunkModel(adk, plan) {
  class ChunkModel extends adk.BaseLlm {
    constructor() {
      super({ model: 'chunk-model' });
    }

    // eslint-disable-next-line require-yield
    async *generateContentAsync() {
      throw new Error('chunk-model is live only');
    }

    async connect() {
      return new ChunkConnection(plan);
    }
  }
  return new ChunkModel();
}

const question = { role: 'user', parts: [{ text: 'go' }] };

/** The caller's side of one event: a partial chunk is seen, the turn end closes the session. */
function readEvent(plan, event, close) {
  const text = event.content?.parts?.[0]?.text;
  if (event.partial && text !== undefined) plan.connection.seen(Number(text));
  else if (event.turnComplete) close();
}

/** Runs one live session through a framework's runner. */
function runnerApp(adk, plan) {
  const agent = new adk.LlmAgent({ name: 'live_agent', model: chunkModel(adk, plan) });
  const runner = new adk.InMemoryRunner({ agent, appName: 'bench' });
  return {
    async run() {
      const session = await runner.sessionService.createSession({ appName: 'bench', userId: 'u' });
      const queue = new adk.LiveRequestQueue();
      queue.sendContent(question);
      for await (const event of runner.runLive({
        userId: 'u',
        sessionId: session.id,
        liveRequestQueue: queue,
        runConfig: { responseModalities: ['TEXT'] },
      })) {
        readEvent(plan, event, () => queue.close());
      }
    },
  };
}

/** The floor: the connection's stream made into events by hand. */
async function* floorEvents(connection) {
  const invocationId = randomUUID();
  for await (const response of connection.receive()) {
    yield {
      id: randomUUID(),
      invocationId,
      author: 'live_agent',
      timestamp: Date.now() / 1000,
      actions: { stateDelta: {}, artifactDelta: {} },
      ...response,
    };
  }
}

function floorApp(plan) {
  return {
    async run() {
      const connection = new ChunkConnection(plan);
      await connection.sendContent(question);
      for await (const event of floorEvents(connection)) {
        readEvent(plan, event, () => connection.close());
      }
    },
  };
}

/** A `ws` client that reads event frames until the server closes the socket. */
function readSocket(url, plan) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.on('open', () => socket.send(JSON.stringify({ content: question })));
    socket.on('message', (data) => {
      readEvent(plan, JSON.parse(String(data)), () => socket.send('{"close": true}'));
    });
    socket.on('close', (code, reason) =>
      code === 1000 ? resolve() : reject(new Error(`closed ${code} ${String(reason)}`)),
    );
    socket.on('error', reject);
  });
}

/** The floor behind a bare ws server: one session per socket, events as JSON text frames. */
async function floorWsApp(plan) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  server.on('connection', (socket) => {
    const connection = new ChunkConnection(plan);
    socket.on('message', async (data) => {
      if (JSON.parse(String(data)).close) {
        await connection.close();
        socket.close(1000);
        return;
      }
      await connection.sendContent(question);
      for await (const event of floorEvents(connection)) socket.send(JSON.stringify(event));
    });
  });
  const url = `ws://127.0.0.1:${server.address().port}`;
  return {
    run: () => readSocket(url, plan),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** adk-ts's /run_live on a served app. */
async function adkTsWsApp(plan) {
  const adk = await import(`${dist}/index.js`);
  const { serveApiServer, StaticAgentLoader } = await import(`${dist}/server/index.js`);
  const agent = new adk.LlmAgent({ name: 'live_agent', model: chunkModel(adk, plan) });
  const sessionService = new adk.InMemorySessionService();
  const handle = await serveApiServer({
    port: 0,
    agentLoader: new StaticAgentLoader({ apps: { bench: agent } }),
    sessionService,
  });
  return {
    async run() {
      const session = await sessionService.createSession({ appName: 'bench', userId: 'u' });
      const query = `app_name=bench&user_id=u&session_id=${session.id}&modalities=TEXT`;
      await readSocket(`${handle.url.replace(/^http/, 'ws')}/run_live?${query}`, plan);
    },
    close: () => handle.close(),
  };
}

/** The app of one framework for `plan`'s sessions. */
export async function createLiveApp(framework, plan) {
  switch (framework) {
    case 'floor':
      return floorApp(plan);
    case 'adk-ts':
      return runnerApp(await import(`${dist}/index.js`), plan);
    case 'google-adk':
      return runnerApp(await import('@google/adk'), plan);
    case 'floor-ws':
      return floorWsApp(plan);
    case 'adk-ts-ws':
      return adkTsWsApp(plan);
    default:
      throw new Error(`unknown framework ${framework}`);
  }
}
