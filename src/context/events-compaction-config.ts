import { z } from 'zod';
import { InvalidAgentConfigError } from '../errors/invalid-agent-config-error.js';
import { BaseEventsSummarizer } from './base-events-summarizer.js';

const positiveInt = z.number().int().gt(0);
const nonNegativeInt = z.number().int().gte(0);

/**
 * How an app compacts old events (Python `EventsCompactionConfig`): two
 * triggers, each a pair of fields set together, at least one pair set.
 *
 * - Sliding window (`compactionInterval` + `overlapSize`): after an
 *   invocation, once `compactionInterval` invocations are newer than the
 *   last summary, their events are summarized together with the
 *   `overlapSize` invocations before them.
 * - Token threshold (`tokenThreshold` + `eventRetentionSize`): when the
 *   latest prompt token count (the model's `usageMetadata`, else text
 *   length / 4) reaches `tokenThreshold`, before a model call and after an
 *   invocation, everything since the last summary but the newest
 *   `eventRetentionSize` events is summarized into a rolling summary that
 *   also covers the previous one.
 *
 * `summarizer` defaults to an `LlmEventSummarizer` on the root agent's model.
 * Unknown fields are refused, as Python's `extra="forbid"`.
 */
export const EventsCompactionConfig = z
  .strictObject({
    summarizer: z
      .custom<BaseEventsSummarizer>(
        (value) =>
          value instanceof BaseEventsSummarizer ||
          (typeof value === 'object' &&
            value !== null &&
            typeof (value as BaseEventsSummarizer).maybeSummarizeEvents === 'function'),
        { message: 'summarizer must implement maybeSummarizeEvents' },
      )
      .optional(),
    /** New invocations since the last summary that trigger a sliding-window compaction (> 0). */
    compactionInterval: positiveInt.optional(),
    /** Invocations before the new ones that the next summary covers again (>= 0). */
    overlapSize: nonNegativeInt.optional(),
    /** Prompt tokens from which token-threshold compaction runs (> 0). */
    tokenThreshold: positiveInt.optional(),
    /** Newest events token-threshold compaction leaves raw (>= 0). */
    eventRetentionSize: nonNegativeInt.optional(),
  })
  .superRefine((config, ctx) => {
    const message = triggerError(config);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
/** How an app compacts old events. */
export type EventsCompactionConfig = z.infer<typeof EventsCompactionConfig>;

function triggerError(config: EventsCompactionConfig): string | undefined {
  const tokenSet = config.tokenThreshold !== undefined;
  if (tokenSet !== (config.eventRetentionSize !== undefined)) {
    return 'token_threshold and event_retention_size must be set together.';
  }
  const windowSet = config.compactionInterval !== undefined;
  if (windowSet !== (config.overlapSize !== undefined)) {
    return 'compaction_interval and overlap_size must be set together.';
  }
  if (!tokenSet && !windowSet) {
    return (
      'At least one compaction trigger must be configured: the token-threshold pair or the ' +
      'sliding-window pair.'
    );
  }
  return undefined;
}

/**
 * `config` checked as Python's validators check it: integers in range,
 * each trigger's two fields set together, at least one trigger, no unknown
 * field. Returns it unchanged (the summarizer object is kept as given);
 * throws `InvalidAgentConfigError` naming the first problem.
 */
export function validateEventsCompactionConfig(config: unknown): EventsCompactionConfig {
  const result = EventsCompactionConfig.safeParse(config);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw new InvalidAgentConfigError({
      message: `Invalid eventsCompactionConfig: ${where}${issue.message}`,
      cause: result.error,
    });
  }
  return config as EventsCompactionConfig;
}

/** True when the token-threshold pair is set. */
export function hasTokenThresholdConfig(
  config: EventsCompactionConfig | undefined,
): config is EventsCompactionConfig & { tokenThreshold: number; eventRetentionSize: number } {
  return config?.tokenThreshold !== undefined && config.eventRetentionSize !== undefined;
}

/** True when the sliding-window pair is set. */
export function hasSlidingWindowConfig(
  config: EventsCompactionConfig | undefined,
): config is EventsCompactionConfig & { compactionInterval: number; overlapSize: number } {
  return config?.compactionInterval !== undefined && config.overlapSize !== undefined;
}
