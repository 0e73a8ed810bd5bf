import type { ResumabilityConfig } from '../context/app-configs.js';
import type { Event } from '../events/event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { userText } from './test-agents.js';
import type { BaseAgent } from '../agents/base-agent.js';

/** Runs `agent` once through an InMemoryRunner and collects its events (test helper). */
export async function runOnce(
  agent: BaseAgent,
  {
    resumabilityConfig,
    message = 'hi',
  }: { resumabilityConfig?: ResumabilityConfig; message?: string } = {},
): Promise<{ events: Event[]; runner: InMemoryRunner }> {
  const runner = new InMemoryRunner({
    agent,
    appName: 'test_app',
    ...(resumabilityConfig ? { resumabilityConfig } : {}),
  });
  await runner.sessionService.createSession({ appName: 'test_app', userId: 'u', sessionId: 's' });
  const events: Event[] = [];
  for await (const event of runner.runAsync({
    userId: 'u',
    sessionId: 's',
    newMessage: userText(message),
  })) {
    events.push(event);
  }
  return { events, runner };
}

/** The text of each event's first part (or undefined), for compact assertions. */
export function texts(events: readonly Event[]): (string | undefined)[] {
  return events.map((event) => event.content?.parts?.[0]?.text);
}
