// Rewind of a 1,000-event session (issue 19 §5).
//   node --expose-gc rewind-bench.mjs
// Run `npx tsc -p tsconfig.build.json` (or `npm run build`) in the repository root first:
// this imports ../dist.
//
// A session of EVENTS events is built by appending them directly (INVOCATIONS
// invocations of EVENTS / INVOCATIONS events each: the user's message, then agent
// events whose state deltas set, change and remove session keys and set `user:` and
// `app:` keys, one in four saving a new version of one of ARTIFACTS artifacts with
// its artifactDelta). Then Runner.rewindAsync rewinds it to before the invocation
// in the middle, and the result is checked against a replay: the session-scoped
// state must equal that of a second session given only the events before that
// invocation, `user:`/`app:` state must be unchanged, and every session artifact
// must hold the content it had at that point. Any mismatch aborts.
//
// Timed: the whole rewindAsync (it reads the full session, computes both deltas,
// re-saves the changed artifacts and appends one event), median (min–max) over
// ROUNDS rounds, each on a freshly built session; the getSession of the same
// session alone is timed too, for scale. Backends: in-memory sessions and
// artifacts; SQLite sessions with file artifacts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BaseAgent,
  createEvent,
  DatabaseSessionService,
  FileArtifactService,
  InMemoryArtifactService,
  InMemorySessionService,
  Runner,
} from '../dist/index.js';
import { createSqlTestDatabase } from '../dist/testing/sql-test-databases.js';

const knob = (name, fallback) => Number(process.env[name] ?? fallback);
const EVENTS = knob('EVENTS', 1000);
const INVOCATIONS = knob('INVOCATIONS', 250);
const ARTIFACTS = knob('ARTIFACTS', 20);
const ROUNDS = knob('ROUNDS', 7);
const PER_INVOCATION = EVENTS / INVOCATIONS;
const ids = { appName: 'rewind_bench', userId: 'u' };
const text = 'lorem ipsum dolor sit amet '.repeat(10);

class IdleAgent extends BaseAgent {
  async *runAsyncImpl() {}
}

/** The events of invocation `inv` and the artifact each of its events saves (or undefined). */
function invocationEvents(inv) {
  const events = [];
  for (let step = 0; step < PER_INVOCATION; step++) {
    const index = inv * PER_INVOCATION + step;
    const stateDelta =
      step === 0
        ? {}
        : {
            count: index,
            [`key_${inv}`]: { inv, step },
            ...(inv >= 3 ? { [`key_${inv - 3}`]: null } : {}),
            'user:seen': index,
            'app:total': index,
          };
    const artifact = index % 4 === 1 ? `file-${inv % ARTIFACTS}.txt` : undefined;
    events.push({
      artifact,
      init: {
        invocationId: `e-bench-${inv}`,
        author: step === 0 ? 'user' : 'agent',
        content: { role: step === 0 ? 'user' : 'model', parts: [{ text: `${index} ${text}` }] },
        actions: { stateDelta },
      },
    });
  }
  return events;
}

/** Builds the session: appends every event, saving its artifact first; returns the session id. */
async function build(sessions, artifacts, sessionId, invocations = INVOCATIONS) {
  const session = await sessions.createSession({ ...ids, sessionId, state: { origin: 'created' } });
  for (let inv = 0; inv < invocations; inv++) {
    for (const { artifact, init } of invocationEvents(inv)) {
      const artifactDelta = {};
      if (artifact && artifacts) {
        artifactDelta[artifact] = await artifacts.saveArtifact({
          ...ids,
          sessionId,
          filename: artifact,
          artifact: { text: `${artifact} by ${init.invocationId}` },
        });
      }
      await sessions.appendEvent({
        session,
        event: createEvent({ ...init, actions: { ...init.actions, artifactDelta } }),
      });
    }
  }
  return session.id;
}

const sessionScoped = (state) =>
  Object.fromEntries(
    Object.entries(state).filter(([key]) => !key.startsWith('user:') && !key.startsWith('app:')),
  );
const shared = (state) =>
  Object.fromEntries(
    Object.entries(state).filter(([key]) => key.startsWith('user:') || key.startsWith('app:')),
  );

function assertEqual(label, actual, expected) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${label} differs:\n  got      ${a}\n  expected ${e}`);
}

/** The latest content of every artifact a replay of the first `invocations` invocations leaves. */
function expectedArtifacts(invocations) {
  const latest = {};
  for (let inv = 0; inv < invocations; inv++) {
    for (const { artifact, init } of invocationEvents(inv)) {
      if (artifact) latest[artifact] = `${artifact} by ${init.invocationId}`;
    }
  }
  return latest;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const range = (values) => `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}`;

async function measure(label, open) {
  const { sessions, artifacts, close } = await open();
  const rewindMs = [];
  const readMs = [];
  const target = Math.floor(INVOCATIONS / 2);
  try {
    // The replay: a session given only the events before the rewind point.
    const replayId = await build(sessions, undefined, 'replay', target);
    const replay = await sessions.getSession({ ...ids, sessionId: replayId });
    const runner = new Runner({
      agent: new IdleAgent({ name: 'idle' }),
      appName: ids.appName,
      sessionService: sessions,
      artifactService: artifacts,
    });
    for (let round = 0; round < ROUNDS; round++) {
      const sessionId = await build(sessions, artifacts, `s${round}`);
      const before = await sessions.getSession({ ...ids, sessionId });
      if (before.events.length !== EVENTS) throw new Error(`built ${before.events.length} events`);
      globalThis.gc?.();
      let start = performance.now();
      await sessions.getSession({ ...ids, sessionId });
      readMs.push(performance.now() - start);
      globalThis.gc?.();
      start = performance.now();
      await runner.rewindAsync({
        userId: ids.userId,
        sessionId,
        rewindBeforeInvocationId: `e-bench-${target}`,
      });
      rewindMs.push(performance.now() - start);

      const after = await sessions.getSession({ ...ids, sessionId });
      assertEqual('session state', sessionScoped(after.state), sessionScoped(replay.state));
      assertEqual('user:/app: state', shared(after.state), shared(before.state));
      const wanted = expectedArtifacts(target);
      for (let file = 0; file < ARTIFACTS; file++) {
        const filename = `file-${file}.txt`;
        const part = await artifacts.loadArtifact({ ...ids, sessionId, filename });
        assertEqual(`artifact ${filename}`, part?.text, wanted[filename]);
      }
    }
  } finally {
    await close();
  }
  return {
    backend: label,
    events: EVENTS,
    rewindBefore: `invocation ${target} of ${INVOCATIONS}`,
    rewindMs: median(rewindMs),
    rewindRange: range(rewindMs),
    getSessionMs: median(readMs),
    rounds: ROUNDS,
  };
}

const backends = [
  [
    'in-memory sessions + in-memory artifacts',
    async () => ({
      sessions: new InMemorySessionService(),
      artifacts: new InMemoryArtifactService(),
      close: async () => {},
    }),
  ],
  [
    'SQLite sessions + file artifacts',
    async () => {
      const database = await createSqlTestDatabase('sqlite', 'rewind_bench');
      const folder = await mkdtemp(join(tmpdir(), 'adk-rewind-bench-'));
      const sessions = new DatabaseSessionService({ dbUrl: database.uri });
      return {
        sessions,
        artifacts: new FileArtifactService(folder),
        close: async () => {
          await sessions.close();
          await database.drop();
          await rm(folder, { recursive: true, force: true });
        },
      };
    },
  ],
];

const rows = [];
for (const [label, open] of backends) {
  const row = await measure(label, open);
  console.log(JSON.stringify(row));
  rows.push(row);
}
console.log(
  '\n| backend | events | rewind before | rewindAsync ms (min–max) | getSession ms | state and artifacts = replay |',
);
console.log('| --- | --- | --- | --- | --- | --- |');
for (const row of rows) {
  console.log(
    `| ${row.backend} | ${row.events} | ${row.rewindBefore} | ${row.rewindMs.toFixed(1)} (${row.rewindRange}) | ${row.getSessionMs.toFixed(1)} | yes (${row.rounds} rounds) |`,
  );
}
