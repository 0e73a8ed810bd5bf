import type { BaseEventsSummarizer } from '../../context/base-events-summarizer.js';
import {
  hasSlidingWindowConfig,
  hasTokenThresholdConfig,
  type EventsCompactionConfig,
} from '../../context/events-compaction-config.js';
import { InvalidAgentConfigError } from '../../errors/invalid-agent-config-error.js';
import type { Event } from '../../events/event.js';
import type { BaseLlm } from '../../models/base-llm.js';
import type { BaseSessionService } from '../../sessions/base-session-service.js';
import type { Session } from '../../sessions/session.js';
import { logger } from '../../utils/logger.js';
import { getContents } from '../processors/contents.js';
import {
  eventsToCompactForSlidingWindow,
  eventsToCompactForTokenThreshold,
} from './compaction-selection.js';
import { LlmEventSummarizer } from './llm-event-summarizer.js';

/** Where a compaction reads its events and writes its summary. */
export interface CompactionTarget {
  config: EventsCompactionConfig;
  session: Session;
  sessionService: BaseSessionService;
  /** The agent whose model summarizes when the config has no summarizer (an LLM agent). */
  agent: unknown;
}

/** Arguments of `runTokenThresholdCompaction`. */
export interface TokenThresholdCompactionRequest extends CompactionTarget {
  /** The agent the prompt is estimated for ('' for the whole conversation). */
  agentName?: string;
  currentBranch?: string;
}

/** Arguments of `runPostInvocationCompaction`. */
export interface PostInvocationCompactionRequest extends CompactionTarget {
  /** A token-threshold compaction already ran before a model call of this invocation. */
  skipTokenCompaction?: boolean;
}

// The default summarizer of a config, made once per config and model (Python
// stores it on the config; ours are the user's objects and are not mutated).
const defaultSummarizers = new WeakMap<
  EventsCompactionConfig,
  WeakMap<BaseLlm, LlmEventSummarizer>
>();

/**
 * The config's summarizer, else an `LlmEventSummarizer` on `agent`'s model
 * (Python `_ensure_compaction_summarizer`). Throws `InvalidAgentConfigError`
 * when there is neither.
 */
export function compactionSummarizer(
  config: EventsCompactionConfig,
  agent: unknown,
): BaseEventsSummarizer {
  if (config.summarizer) return config.summarizer;
  const llm =
    typeof agent === 'object' && agent !== null && 'canonicalModel' in agent
      ? (agent as { canonicalModel: BaseLlm }).canonicalModel
      : undefined;
  if (!llm) {
    throw new InvalidAgentConfigError({
      message: 'No LlmAgent model available for event compaction summarizer.',
    });
  }
  let byModel = defaultSummarizers.get(config);
  if (!byModel) defaultSummarizers.set(config, (byModel = new WeakMap()));
  let summarizer = byModel.get(llm);
  if (!summarizer) byModel.set(llm, (summarizer = new LlmEventSummarizer({ llm })));
  return summarizer;
}

/**
 * The prompt size compaction compares with `tokenThreshold` (Python
 * `_latest_prompt_token_count`): the newest `usageMetadata.promptTokenCount`
 * in the session, else the text characters of the history the agent would
 * send (`getContents`) divided by 4, rounded down; undefined for no text.
 */
export function latestPromptTokenCount(
  events: readonly Event[],
  currentBranch?: string,
  agentName = '',
): number | undefined {
  for (let index = events.length - 1; index >= 0; index--) {
    const count = events[index]!.usageMetadata?.promptTokenCount;
    if (count !== undefined && count !== null) return count;
  }
  let chars = 0;
  for (const content of getContents(currentBranch, events, agentName)) {
    for (const part of content.parts ?? []) {
      // Python's len counts code points.
      if (part.text) for (const _ of part.text) chars++;
    }
  }
  return chars > 0 ? Math.floor(chars / 4) : undefined;
}

/**
 * Token-threshold compaction (Python
 * `_run_compaction_for_token_threshold_config`): when the config has the
 * token pair and the latest prompt token count reaches `tokenThreshold`,
 * summarizes `eventsToCompactForTokenThreshold` and appends the summary to
 * the session. True when a summary was appended. A failure (the summarizer
 * throws, no model, the store refuses) is logged and returns false: no
 * event is lost and the next trigger tries again.
 */
export async function runTokenThresholdCompaction(
  request: TokenThresholdCompactionRequest,
): Promise<boolean> {
  const { config, session } = request;
  if (!hasTokenThresholdConfig(config)) return false;
  const count = latestPromptTokenCount(session.events, request.currentBranch, request.agentName);
  if (count === undefined || count < config.tokenThreshold) return false;
  const events = eventsToCompactForTokenThreshold(session.events, config.eventRetentionSize);
  if (events.length === 0) return false;
  return summarizeAndAppend(request, events, 'token-threshold');
}

/**
 * What the Runner runs after an invocation (Python
 * `_run_compaction_for_sliding_window`): token-threshold compaction first
 * (unless `skipTokenCompaction`), and when it wrote nothing, the sliding
 * window (`eventsToCompactForSlidingWindow`). Never throws: failures are
 * logged, and the events stay as they are until the next trigger.
 */
export async function runPostInvocationCompaction(
  request: PostInvocationCompactionRequest,
): Promise<void> {
  const { config, session } = request;
  if (session.events.length === 0) return;
  if (!request.skipTokenCompaction && hasTokenThresholdConfig(config)) {
    if (await runTokenThresholdCompaction({ ...request, agentName: '' })) return;
  }
  if (!hasSlidingWindowConfig(config)) return;
  const events = eventsToCompactForSlidingWindow(
    session.events,
    config.compactionInterval,
    config.overlapSize,
  );
  if (events.length === 0) return;
  await summarizeAndAppend(request, events, 'sliding-window');
}

async function summarizeAndAppend(
  { config, agent, session, sessionService }: CompactionTarget,
  events: Event[],
  trigger: string,
): Promise<boolean> {
  try {
    const summarizer = compactionSummarizer(config, agent);
    const summary = await summarizer.maybeSummarizeEvents({ events });
    if (!summary) return false;
    await sessionService.appendEvent({ session, event: summary });
    logger.debug(`Event compaction (${trigger}) appended a summary of ${events.length} events.`);
    return true;
  } catch (error) {
    logger.warn(
      `Event compaction (${trigger}) failed for session ${session.id}; the events stay ` +
        'uncompacted and the next trigger retries.',
      error,
    );
    return false;
  }
}
