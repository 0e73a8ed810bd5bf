import { LlmAgent } from '../agents/llm-agent.js';
import type { EventsCompactionConfig } from '../context/events-compaction-config.js';
import type { Event } from '../events/event.js';
import type { LlmResponse } from '../events/llm-response.js';
import { LlmEventSummarizer } from '../flows/compaction/llm-event-summarizer.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { App } from './app.js';
import { Runner } from './runner.js';

// Shared by runner-compaction*.test.ts: an app whose agent answers `reply N`
// and whose summarizer (another scripted model) answers `SUMMARY N`.

/** The session every compaction test runs in. */
export const compactionIds = { appName: 'compaction_app', userId: 'u', sessionId: 's' };

/** What `compactionRunner` builds. */
export interface CompactionSetup {
  runner: Runner;
  agentModel: ScriptedLlm;
  summaryModel: ScriptedLlm;
  sessionService: BaseSessionService;
}

/**
 * A Runner of an `assistant` agent under `config` (its summarizer, when not
 * given, an LlmEventSummarizer on `summaryModel`), in a new `compactionIds`
 * session; `usage(call)` adds usage metadata to the agent's answers.
 */
export async function compactionRunner(
  config: Omit<EventsCompactionConfig, 'summarizer'> & Partial<EventsCompactionConfig>,
  {
    usage,
    sessionService = new InMemorySessionService(),
    createSession = true,
  }: {
    usage?: (call: number) => LlmResponse['usageMetadata'];
    sessionService?: BaseSessionService;
    /** False to run in a session the service already has. */
    createSession?: boolean;
  } = {},
): Promise<CompactionSetup> {
  const agentModel = new ScriptedLlm({
    model: 'agent-model',
    responses: (_request, call) =>
      textResponse(`reply ${call + 1}`, usage ? { usageMetadata: usage(call) } : {}),
  });
  const summaryModel = new ScriptedLlm({
    model: 'summary-model',
    responses: (_request, call) => textResponse(`SUMMARY ${call + 1}`),
  });
  const agent = new LlmAgent({ name: 'assistant', model: agentModel, instruction: 'Be brief.' });
  const app = new App({
    name: compactionIds.appName,
    rootAgent: agent,
    eventsCompactionConfig: {
      summarizer: new LlmEventSummarizer({ llm: summaryModel }),
      ...config,
    },
  });
  if (createSession) await sessionService.createSession(compactionIds);
  const runner = new Runner({ app, sessionService });
  return { runner, agentModel, summaryModel, sessionService };
}

/** Runs one turn saying `text` and returns its events. */
export async function turn(runner: Runner, text: string): Promise<Event[]> {
  const events: Event[] = [];
  const { userId, sessionId } = compactionIds;
  for await (const event of runner.runAsync({
    userId,
    sessionId,
    newMessage: { role: 'user', parts: [{ text }] },
  })) {
    events.push(event);
  }
  return events;
}

/** The stored session's events. */
export async function storedEvents(service: BaseSessionService): Promise<Event[]> {
  return (await service.getSession(compactionIds))!.events;
}

/** The compaction events of `events`, as (summary text, start, end). */
export function compactions(events: readonly Event[]) {
  return events
    .filter((event) => event.actions.compaction)
    .map((event) => ({
      summary: event.actions.compaction!.compactedContent.parts?.[0]?.text,
      start: event.actions.compaction!.startTimestamp,
      end: event.actions.compaction!.endTimestamp,
    }));
}
