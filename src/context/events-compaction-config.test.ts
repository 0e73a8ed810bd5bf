import { describe, expect, it } from 'vitest';
import { InvalidAgentConfigError } from '../errors/invalid-agent-config-error.js';
import { BaseEventsSummarizer } from './base-events-summarizer.js';
import { validateEventsCompactionConfig } from './events-compaction-config.js';

// adk-python apps/_configs.py EventsCompactionConfig: field bounds, the two
// trigger pairs, extra="forbid".

class NoSummary extends BaseEventsSummarizer {
  override maybeSummarizeEvents() {
    return Promise.resolve(undefined);
  }
}

const refused = (config: unknown) => {
  try {
    validateEventsCompactionConfig(config);
  } catch (error) {
    expect(InvalidAgentConfigError.isInstance(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('validateEventsCompactionConfig', () => {
  it('accepts either pair or both, and keeps the summarizer object', () => {
    const summarizer = new NoSummary();
    const config = { compactionInterval: 3, overlapSize: 0, summarizer };
    expect(validateEventsCompactionConfig(config)).toBe(config);
    expect(validateEventsCompactionConfig({ tokenThreshold: 1, eventRetentionSize: 0 })).toEqual({
      tokenThreshold: 1,
      eventRetentionSize: 0,
    });
    validateEventsCompactionConfig({
      compactionInterval: 1,
      overlapSize: 1,
      tokenThreshold: 10,
      eventRetentionSize: 2,
    });
  });

  it("refuses a half pair or no trigger with Python's messages", () => {
    expect(refused({ tokenThreshold: 5 })).toMatch(
      'token_threshold and event_retention_size must be set together.',
    );
    expect(refused({ compactionInterval: 5 })).toMatch(
      'compaction_interval and overlap_size must be set together.',
    );
    expect(refused({})).toMatch('At least one compaction trigger must be configured');
  });

  it('refuses out-of-range values, non-integers, unknown fields and a non-summarizer', () => {
    expect(refused({ compactionInterval: 0, overlapSize: 0 })).toMatch('compactionInterval');
    expect(refused({ compactionInterval: 2, overlapSize: -1 })).toMatch('overlapSize');
    expect(refused({ tokenThreshold: 1.5, eventRetentionSize: 1 })).toMatch('tokenThreshold');
    expect(refused({ compactionInterval: 2, overlapSize: 1, interval: 3 })).toMatch('interval');
    expect(refused({ compactionInterval: 2, overlapSize: 1, summarizer: {} })).toMatch(
      'summarizer',
    );
  });
});
