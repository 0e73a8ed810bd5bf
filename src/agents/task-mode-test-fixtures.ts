import type { Event } from '../events/event.js';
import type { LlmRequest } from '../models/llm-request.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { userText } from '../testing/test-agents.js';
import type { BaseAgent } from './base-agent.js';

/**
 * Test fixtures shared by the task-mode suites (delegation, single-turn
 * sub-agents): one session `app`/`u`/`s` on an InMemoryRunner, turns sent as
 * user text, and a compact view of what a model was asked.
 */

/** An InMemoryRunner for `root` with the session `app`/`u`/`s` created. */
export async function newSessionRunner(
  root: BaseAgent,
  { resumable = false }: { resumable?: boolean } = {},
): Promise<InMemoryRunner> {
  const runner = new InMemoryRunner({
    agent: root,
    appName: 'app',
    ...(resumable ? { resumabilityConfig: { isResumable: true } } : {}),
  });
  await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  return runner;
}

/** Sends `text` as the user's next message in session `s` and collects the run's events. */
export async function runTurn(runner: InMemoryRunner, text: string): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of runner.runAsync({
    userId: 'u',
    sessionId: 's',
    newMessage: userText(text),
  })) {
    events.push(event);
  }
  return events;
}

/** The events stored in session `s`. */
export async function storedEvents(runner: InMemoryRunner): Promise<Event[]> {
  const session = await runner.sessionService.getSession({
    appName: 'app',
    userId: 'u',
    sessionId: 's',
  });
  return session!.events;
}

/** A compact view of request contents: role and the kind or text of each part. */
export function requestView(request: Pick<LlmRequest, 'contents'>): string[] {
  return request.contents.map((content) => {
    const parts = (content.parts ?? []).map((part) => {
      if (part.text !== undefined) return part.text;
      if (part.functionCall) return `call ${part.functionCall.name}`;
      if (part.functionResponse) {
        return `response ${part.functionResponse.name} ${JSON.stringify(part.functionResponse.response)}`;
      }
      return '?';
    });
    return `${content.role}: ${parts.join(' | ')}`;
  });
}
