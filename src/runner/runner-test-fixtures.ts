import type { BaseAgent } from '../agents/base-agent.js';
import { type Event } from '../events/event.js';
import { InMemoryRunner } from './in-memory-runner.js';
import type { Runner } from './runner.js';

// Shared by runner-run-async, -plugins, -agent-selection, -construction and -resumption.test.ts.

/** The app, user and session of newRunner's session. */
export const ids = { appName: 'app', userId: 'u', sessionId: 's' };

/** Every event of `generator`, in order. */
export async function collect(generator: AsyncGenerator<Event>): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of generator) events.push(event);
  return events;
}

/** An InMemoryRunner of `agent` for app `app`, with the session `ids` created. */
export async function newRunner(
  agent: BaseAgent,
  extra: Partial<ConstructorParameters<typeof InMemoryRunner>[0]> = {},
) {
  const runner = new InMemoryRunner({ agent, appName: 'app', ...extra });
  await runner.sessionService.createSession(ids);
  return runner;
}

/** The events stored in the `ids` session of `runner`. */
export async function stored(runner: Runner): Promise<Event[]> {
  return (await runner.sessionService.getSession(ids))!.events;
}
