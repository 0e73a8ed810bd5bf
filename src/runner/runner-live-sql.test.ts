import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import { LiveRequestQueue } from '../context/live-request-queue.js';
import type { Event } from '../events/event.js';
import type { AppendEventRequest } from '../sessions/base-session-service.js';
import { DatabaseSessionService } from '../sessions/database/database-session-service.js';
import { createSqlTestDatabase, type SqlTestDatabase } from '../testing/sql-test-databases.js';
import { textResponse } from '../testing/scripted-llm.js';
import { ScriptedLiveLlm } from '../testing/scripted-live-llm.js';
import { Runner } from './runner.js';

// The user's content sent through the queue is stored by the send loop while
// the Runner stores the events it yields: on a SQL store both go through the
// Runner's commit queue, one at a time, so neither refuses the other as stale
// and the stored history is the conversation in order.

const ids = { appName: 'app', userId: 'u' };

/** The SQL service, counting how many appends run at once. */
class CountingSessionService extends DatabaseSessionService {
  inFlight = 0;
  mostAtOnce = 0;

  override async appendEvent(request: AppendEventRequest): Promise<Event> {
    this.inFlight += 1;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.inFlight);
    try {
      return await super.appendEvent(request);
    } finally {
      this.inFlight -= 1;
    }
  }
}
const words = ['one', 'two', 'three', 'four'];
const text = (event: Event | undefined) => event?.content?.parts?.[0]?.text;

describe.each(['sqlite', 'postgres'] as const)('Runner.runLive on a %s session', (backend) => {
  let database: SqlTestDatabase;
  let service: CountingSessionService;

  beforeAll(async () => {
    database = await createSqlTestDatabase(backend, 'runner_live');
    service = new CountingSessionService({ dbUrl: database.uri });
  });

  afterAll(async () => {
    await service?.close();
    await database?.drop();
  });

  it('stores the user content and the model events in conversation order', async () => {
    const sessionId = 'live';
    await service.createSession({ ...ids, sessionId });
    const model = new ScriptedLiveLlm({
      turns: words.map((word) => [textResponse(word.toUpperCase()), { turnComplete: true }]),
      responseModalities: ['TEXT'],
    });
    const agent = new LlmAgent({ name: 'live_agent', model });
    const runner = new Runner({ agent, ...ids, sessionService: service });
    const queue = new LiveRequestQueue();
    const say = (word: string) => queue.sendContent({ role: 'user', parts: [{ text: word }] });
    say(words[0]!);
    const events: Event[] = [];
    let answered = 0;
    for await (const event of runner.runLive({
      ...ids,
      sessionId,
      liveRequestQueue: queue,
      runConfig: { responseModalities: ['TEXT'] },
    })) {
      events.push(event);
      // The next question goes out while the Runner is still storing this turn's end.
      if (text(event)) {
        answered += 1;
        if (answered < words.length) say(words[answered]!);
      }
      if (event.turnComplete && answered === words.length) queue.close();
    }
    // One append at a time: the send loop's waited for the Runner's, and the other way round.
    expect(service.mostAtOnce).toBe(1);
    const stored = (await service.getSession({ ...ids, sessionId }))!.events;
    expect(stored).toHaveLength(words.length * 3);
    // Every event the run yielded is stored once, under its id.
    const storedIds = stored.map((event) => event.id);
    expect(new Set(storedIds).size).toBe(stored.length);
    for (const event of events) expect(storedIds).toContain(event.id);
    const userAt = (word: string) =>
      stored.findIndex((event) => event.author === 'user' && text(event) === word);
    const answerAt = (word: string) =>
      stored.findIndex((event) => text(event) === word.toUpperCase());
    words.forEach((word, index) => {
      expect(userAt(word)).toBeGreaterThanOrEqual(0);
      expect(userAt(word)).toBeLessThan(answerAt(word));
      if (index > 0) expect(answerAt(words[index - 1]!)).toBeLessThan(userAt(word));
    });
    // Stored in the order they were committed: timestamps never go back.
    const times = stored.map((event) => event.timestamp);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});
