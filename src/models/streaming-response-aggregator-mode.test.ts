import { describe, expect, it } from 'vitest';
import {
  isProgressiveSseStreamingEnabled,
  StreamingResponseAggregator,
} from './streaming-response-aggregator.js';
import { progressive, classic } from './streaming-response-aggregator-test-fixtures.js';

describe('StreamingResponseAggregator mode selection (reference adk-python §1.11)', () => {
  it('is progressive by default, as PROGRESSIVE_SSE_STREAMING is on in Python 2.x', () => {
    expect(isProgressiveSseStreamingEnabled({})).toBe(true);
    const saved = process.env['ADK_DISABLE_PROGRESSIVE_SSE_STREAMING'];
    delete process.env['ADK_DISABLE_PROGRESSIVE_SSE_STREAMING'];
    try {
      expect(new StreamingResponseAggregator().progressive).toBe(true);
    } finally {
      if (saved !== undefined) process.env['ADK_DISABLE_PROGRESSIVE_SSE_STREAMING'] = saved;
    }
  });

  it('follows ADK_ENABLE_/ADK_DISABLE_PROGRESSIVE_SSE_STREAMING, enable first, true or 1 only', () => {
    expect(isProgressiveSseStreamingEnabled({ ADK_DISABLE_PROGRESSIVE_SSE_STREAMING: '1' })).toBe(
      false,
    );
    expect(
      isProgressiveSseStreamingEnabled({ ADK_DISABLE_PROGRESSIVE_SSE_STREAMING: 'TRUE' }),
    ).toBe(false);
    expect(isProgressiveSseStreamingEnabled({ ADK_DISABLE_PROGRESSIVE_SSE_STREAMING: 'yes' })).toBe(
      true,
    );
    expect(
      isProgressiveSseStreamingEnabled({
        ADK_ENABLE_PROGRESSIVE_SSE_STREAMING: 'true',
        ADK_DISABLE_PROGRESSIVE_SSE_STREAMING: 'true',
      }),
    ).toBe(true);
  });

  it('the constructor option overrides the environment', () => {
    expect(classic().progressive).toBe(false);
    expect(progressive().progressive).toBe(true);
  });
});
