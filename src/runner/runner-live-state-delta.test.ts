import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import { LiveRequestQueue } from '../context/live-request-queue.js';
import type { Event } from '../events/event.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import { DatabaseSessionService } from '../sessions/database/database-session-service.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { createSqlTestDatabase, type SqlTestDatabase } from '../testing/sql-test-databases.js';
import { textResponse } from '../testing/scripted-llm.js';
import { ScriptedLiveLlm } from '../testing/scripted-live-llm.js';
import { Runner } from './runner.js';

// A LiveRequest's stateDelta reaches the session through the Runner's commit
// queue, as the events the run yields do: on a SQL store a write beside that
// queue would make the Runner's next append stale.

const ids = { appName: 'app', userId: 'u' };

describe.each(['memory', 'sqlite'] as const)(
  'Runner.runLive state deltas on a %s session',
  (backend) => {
    let database: SqlTestDatabase | undefined;
    let service: BaseSessionService & { close?: () => Promise<void> };

    beforeAll(async () => {
      if (backend === 'memory') {
        service = new InMemorySessionService();
        return;
      }
      database = await createSqlTestDatabase(backend, 'runner_live_state');
      service = new DatabaseSessionService({ dbUrl: database.uri });
    });

    afterAll(async () => {
      await service?.close?.();
      await database?.drop();
    });

    it('applies the state delta of a request with content and of one without', async () => {
      const sessionId = 'live-state';
      await service.createSession({ ...ids, sessionId, state: { count: 0 } });
      const model = new ScriptedLiveLlm({
        turns: [
          [textResponse('ONE'), { turnComplete: true }],
          [textResponse('TWO'), { turnComplete: true }],
        ],
        responseModalities: ['TEXT'],
      });
      const runner = new Runner({
        agent: new LlmAgent({ name: 'live_agent', model }),
        ...ids,
        sessionService: service,
      });
      const queue = new LiveRequestQueue();
      queue.send({ content: { parts: [{ text: 'one' }] }, stateDelta: { count: 1 } });
      const events: Event[] = [];
      let turns = 0;
      for await (const event of runner.runLive({
        ...ids,
        sessionId,
        liveRequestQueue: queue,
        runConfig: { responseModalities: ['TEXT'] },
      })) {
        events.push(event);
        if (!event.turnComplete) continue;
        turns += 1;
        if (turns === 1) {
          queue.send({ stateDelta: { count: 2, 'user:seen': true } });
          queue.sendContent({ role: 'user', parts: [{ text: 'two' }] });
        } else queue.close();
      }

      const stored = (await service.getSession({ ...ids, sessionId }))!;
      expect(stored.state).toMatchObject({ count: 2, 'user:seen': true });
      const byUser = stored.events.filter((event) => event.author === 'user');
      expect(
        byUser.map((event) => [event.content?.parts?.[0]?.text, event.actions.stateDelta]),
      ).toEqual([
        ['one', { count: 1 }],
        [undefined, { count: 2, 'user:seen': true }],
        ['two', {}],
      ]);
      // Stored, not yielded: the client sent them.
      expect(events.filter((event) => event.author === 'user')).toEqual([]);
    });
  },
);
