import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserMessageHookArguments } from '../context/hook-arguments.js';
import { StaleSessionError } from '../errors/stale-session-error.js';
import { createEvent, type Event } from '../events/event.js';
import { BasePlugin } from '../plugins/base-plugin.js';
import {
  MAX_STALE_RELOADS,
  type AppendEventRequest,
  type StoreReload,
} from '../sessions/base-session-service.js';
import { DatabaseSessionService } from '../sessions/database/database-session-service.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { createSqlTestDatabase, type SqlTestDatabase } from '../testing/sql-test-databases.js';
import { ScriptedAgent, modelText, userText } from '../testing/test-agents.js';
import type { Content } from '../types/index.js';
import { Runner } from './runner.js';

// Another writer appends to the session while a run holds it (a second run, a
// state update): the run is not refused, its events go after the other's.

const ids = { appName: 'app', userId: 'u' };

async function collect(generator: AsyncGenerator<Event>): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of generator) events.push(event);
  return events;
}

describe('Runner with another writer on the session (SQLite)', () => {
  let database: SqlTestDatabase;
  let service: DatabaseSessionService;
  let other: DatabaseSessionService;

  beforeAll(async () => {
    database = await createSqlTestDatabase('sqlite', 'runner_writers');
    service = new DatabaseSessionService({ dbUrl: database.uri });
    // Another service on the same file: another process.
    other = new DatabaseSessionService({ dbUrl: database.uri });
  });

  afterAll(async () => {
    await service?.close();
    await other?.close();
    await database?.drop();
  });

  /** What another process does: load the session and append a state update to it. */
  async function otherWriterAppends(sessionId: string, stateDelta: Record<string, unknown>) {
    const session = (await other.getSession({ ...ids, sessionId }))!;
    await other.appendEvent({
      session,
      event: createEvent({ author: 'user', invocationId: 'p-other', actions: { stateDelta } }),
    });
  }

  it('an append by another writer in the middle of a run: the run goes on, its view reloaded, its temp: state kept', async () => {
    const sessionId = 'middle';
    await service.createSession({ ...ids, sessionId });
    let view: { authors: string[]; state: Record<string, unknown> } | undefined;
    const agent = new ScriptedAgent({
      name: 'agent',
      steps: [
        { content: modelText('one'), actions: { stateDelta: { 'temp:scratch': 1, mine: 1 } } },
        async () => otherWriterAppends(sessionId, { theirs: 1 }),
        { content: modelText('two') },
        (context) => {
          view = {
            authors: context.session.events.map((event) => event.author),
            state: { ...context.session.state },
          };
          return [{ content: modelText('three') }];
        },
      ],
    });
    const runner = new Runner({ agent, ...ids, sessionService: service });
    const events = await collect(
      runner.runAsync({ userId: 'u', sessionId, newMessage: userText('go') }),
    );
    expect(events.map((event) => event.content?.parts?.[0]?.text)).toEqual(['one', 'two', 'three']);
    expect(view).toEqual({
      authors: ['user', 'agent', 'user', 'agent'],
      state: { mine: 1, theirs: 1, 'temp:scratch': 1 },
    });
    const stored = (await service.getSession({ ...ids, sessionId }))!;
    expect(stored.events.map((event) => event.content?.parts?.[0]?.text ?? event.author)).toEqual([
      'go',
      'one',
      'user',
      'two',
      'three',
    ]);
    expect(stored.state).toEqual({ mine: 1, theirs: 1 });
  });

  it("an append by another writer before the user's message is stored: the message goes after it and the turn runs", async () => {
    const sessionId = 'before';
    await service.createSession({ ...ids, sessionId });
    class Interloper extends BasePlugin {
      override async onUserMessageCallback(_args: UserMessageHookArguments) {
        await otherWriterAppends(sessionId, { theirs: 1 });
        return undefined;
      }
    }
    const agent = new ScriptedAgent({
      name: 'agent',
      steps: [(context) => [{ content: modelText(`seen ${context.session.events.length}`) }]],
    });
    const runner = new Runner({
      agent,
      ...ids,
      sessionService: service,
      plugins: [new Interloper('interloper')],
    });
    const events = await collect(
      runner.runAsync({
        userId: 'u',
        sessionId,
        newMessage: userText('go'),
        stateDelta: { mine: 1 },
      }),
    );
    expect(events.map((event) => event.content?.parts?.[0]?.text)).toEqual(['seen 2']);
    const stored = (await service.getSession({ ...ids, sessionId }))!;
    expect(stored.events.map((event) => event.invocationId === 'p-other')).toEqual([
      true,
      false,
      false,
    ]);
    expect(stored.events[1]!.timestamp).toBeGreaterThan(stored.events[0]!.timestamp);
    expect(stored.state).toEqual({ theirs: 1, mine: 1 });
  });
});

/**
 * A store that refuses the next `refusals` appends as stale whatever it is
 * asked (as a store without a one-step reload would when writers keep coming).
 */
class RefusingSessionService extends InMemorySessionService {
  refusals = 0;
  attempts = 0;

  protected override appendEventToStore(request: AppendEventRequest, reload?: StoreReload): Event {
    this.attempts += 1;
    if (this.refusals > 0) {
      this.refusals -= 1;
      throw new StaleSessionError({ sessionId: request.session.id });
    }
    return super.appendEventToStore(request, reload);
  }
}

describe('Runner with a store that keeps refusing stale appends', () => {
  function setUp() {
    const sessionService = new RefusingSessionService();
    const agent = new ScriptedAgent({ name: 'agent', steps: [{ content: modelText('done') }] });
    const runner = new Runner({ agent, ...ids, sessionService });
    return { sessionService, agent, runner };
  }
  const message: Content = userText('go');

  it('reloads and stores the event once the store takes it', async () => {
    const { sessionService, runner } = setUp();
    await sessionService.createSession({ ...ids, sessionId: 's' });
    sessionService.refusals = MAX_STALE_RELOADS;
    const events = await collect(
      runner.runAsync({ userId: 'u', sessionId: 's', newMessage: message }),
    );
    expect(events.map((event) => event.content?.parts?.[0]?.text)).toEqual(['done']);
    expect((await sessionService.getSession({ ...ids, sessionId: 's' }))!.events).toHaveLength(2);
  });

  it('gives up with StaleSessionError after MAX_STALE_RELOADS reloads; a refused user message leaves nothing stored and the agent does not run', async () => {
    const { sessionService, agent, runner } = setUp();
    await sessionService.createSession({ ...ids, sessionId: 's' });
    sessionService.refusals = Number.POSITIVE_INFINITY;
    const error = await collect(
      runner.runAsync({ userId: 'u', sessionId: 's', newMessage: message }),
    ).catch((caught: unknown) => caught);
    expect(StaleSessionError.isInstance(error)).toBe(true);
    // The plain append, then one try per reload and the first try of appendEventWithReload.
    expect(sessionService.attempts).toBe(MAX_STALE_RELOADS + 2);
    expect(agent.runs).toBe(0);
    expect((await sessionService.getSession({ ...ids, sessionId: 's' }))!.events).toEqual([]);
  });
});
