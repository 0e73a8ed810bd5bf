import { describe, expect, it } from 'vitest';
import { InMemoryArtifactService } from '../artifacts/in-memory-artifact-service.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { InvocationNotFoundError } from '../errors/invocation-not-found-error.js';
import { SessionNotFoundError } from '../errors/session-not-found-error.js';
import { createEvent, type EventInit } from '../events/event.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { ScriptedAgent } from '../testing/test-agents.js';
import { Runner } from './runner.js';

// Source: adk-python tests/unittests/runners/test_runner_rewind.py and
// sessions/_rewind_utils.py, on hand-made events as the reference's tests do.

const ids = { appName: 'app', userId: 'u', sessionId: 's' };

type Init = Omit<EventInit, 'author'> & { author?: string };

async function setup(events: Init[], state?: Record<string, unknown>) {
  const sessionService = new InMemorySessionService();
  const artifactService = new InMemoryArtifactService();
  const runner = new Runner({
    agent: new ScriptedAgent({ name: 'agent', steps: [] }),
    appName: ids.appName,
    sessionService,
    artifactService,
  });
  const session = await sessionService.createSession({ ...ids, ...(state ? { state } : {}) });
  for (const init of events) {
    await sessionService.appendEvent({
      session,
      event: createEvent({ ...init, author: init.author ?? 'user' }),
    });
  }
  const stored = async () => (await sessionService.getSession(ids))!;
  return { runner, sessionService, artifactService, stored };
}

const rewind = (runner: Runner, rewindBeforeInvocationId: string) =>
  runner.rewindAsync({ userId: ids.userId, sessionId: ids.sessionId, rewindBeforeInvocationId });

describe('Runner.rewindAsync', () => {
  it('throws SessionNotFoundError for a missing session and creates none', async () => {
    const { runner, sessionService } = await setup([]);
    await expect(
      runner.rewindAsync({ userId: 'u', sessionId: 'nope', rewindBeforeInvocationId: 'i' }),
    ).rejects.toSatisfy(SessionNotFoundError.isInstance);
    expect(await sessionService.getSession({ ...ids, sessionId: 'nope' })).toBeUndefined();
  });

  it('throws InvocationNotFoundError (an InvalidArgumentError) and changes nothing', async () => {
    const { runner, stored } = await setup([
      { invocationId: 'inv1', actions: { stateDelta: { a: 1 } } },
    ]);
    const error = await rewind(runner, 'missing').catch((caught: unknown) => caught);
    expect(InvocationNotFoundError.isInstance(error)).toBe(true);
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as InvocationNotFoundError).invocationId).toBe('missing');
    expect((error as Error).message).toBe('Invocation ID not found: missing');
    expect((await stored()).events).toHaveLength(1);
  });

  it('appends a user event with a new invocation id and rewindBeforeInvocationId', async () => {
    const { runner, stored } = await setup([
      { invocationId: 'inv1', actions: { stateDelta: { color: 'red' } } },
      { invocationId: 'inv2', author: 'model', actions: { stateDelta: { color: 'blue' } } },
    ]);
    const event = await rewind(runner, 'inv2');
    const last = (await stored()).events.at(-1)!;
    expect(last.id).toBe(event.id);
    expect(last.author).toBe('user');
    expect(last.invocationId).toMatch(/^e-[0-9a-f-]{36}$/);
    expect(last.actions.rewindBeforeInvocationId).toBe('inv2');
    expect(last.content).toBeUndefined();
  });

  it('reverts session state only: app: and user: keys and state from createSession stay', async () => {
    const { runner, stored } = await setup(
      [
        {
          invocationId: 'inv1',
          actions: { stateDelta: { color: 'red', 'app:s': 1, 'user:p': 1 } },
        },
        {
          invocationId: 'inv2',
          actions: { stateDelta: { color: 'blue', shape: 'circle', 'app:s': 2, 'user:p': 2 } },
        },
        { invocationId: 'inv3', actions: { stateDelta: { size: 'large', tenant: 'other' } } },
      ],
      { tenant: 't1', fixed: true },
    );
    const event = await rewind(runner, 'inv2');
    // Python also nulls `fixed`, which only createSession wrote (adk-python #4933; see
    // computeStateDeltaForRewind). `tenant`'s value from createSession is in no event,
    // so a rewound invocation that changed it removes it, in both.
    expect(event.actions.stateDelta).toEqual({
      color: 'red',
      shape: null,
      size: null,
      tenant: null,
    });
    expect((await stored()).state).toEqual({
      color: 'red',
      fixed: true,
      'app:s': 2,
      'user:p': 2,
    });
  });

  it('saves the old version again, marks artifacts that did not exist, leaves user: ones', async () => {
    const { runner, artifactService, stored } = await setup([]);
    const key = { ...ids };
    const session = await stored();
    const save = (filename: string, text: string) =>
      artifactService.saveArtifact({ ...key, filename, artifact: { text } });
    const append = async (invocationId: string, artifactDelta: Record<string, number>) => {
      const current = await stored();
      Object.assign(session, current);
      await runner.sessionService.appendEvent({
        session,
        event: createEvent({ invocationId, author: 'agent', actions: { artifactDelta } }),
      });
    };
    await append('inv1', {
      'f1.txt': await save('f1.txt', 'f1 v0'),
      'user:p.txt': await save('user:p.txt', 'p0'),
    });
    await append('inv2', {
      'f1.txt': await save('f1.txt', 'f1 v1'),
      'f2.txt': await save('f2.txt', 'f2 v0'),
      'user:p.txt': await save('user:p.txt', 'p1'),
    });

    const event = await rewind(runner, 'inv2');

    expect(event.actions.artifactDelta).toEqual({ 'f1.txt': 2, 'f2.txt': 1 });
    expect(await artifactService.loadArtifact({ ...key, filename: 'f1.txt' })).toEqual({
      text: 'f1 v0',
    });
    expect(
      await artifactService.loadArtifact({ ...key, filename: 'f2.txt', version: 1 }),
    ).toBeUndefined();
    expect(await artifactService.listVersions({ ...key, filename: 'f2.txt' })).toEqual([0, 1]);
    expect(await artifactService.loadArtifact({ ...key, filename: 'user:p.txt' })).toEqual({
      text: 'p1',
    });
  });

  it('rewinds from the first event of the invocation, and a rewind event counts as history', async () => {
    const { runner, stored } = await setup([
      { invocationId: 'inv1', actions: { stateDelta: { k: 1 } } },
      { invocationId: 'inv2', actions: { stateDelta: { k: 2 } } },
      { invocationId: 'inv1', actions: { stateDelta: { k: 3 } } },
    ]);
    await rewind(runner, 'inv1');
    expect((await stored()).state).toEqual({});
    const { events } = await stored();
    // Rewinding before the rewind event itself undoes it.
    await rewind(runner, events.at(-1)!.invocationId);
    expect((await stored()).state).toEqual({ k: 3 });
  });
});
