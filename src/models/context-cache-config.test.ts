import { describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import { InvalidContextCacheConfigError } from '../errors/invalid-context-cache-config-error.js';
import { App } from '../runner/app.js';
import { ScriptedLlm } from '../testing/scripted-llm.js';
import {
  createContextCacheConfig,
  ttlString,
  type ContextCacheConfigInput,
} from './context-cache-config.js';

/* adk-python agents/context_cache_config.py: fields, defaults, bounds, extra='forbid', ttl_string. */

function fieldOf(input: unknown): string | undefined {
  try {
    createContextCacheConfig(input as ContextCacheConfigInput);
    return undefined;
  } catch (error) {
    if (!InvalidContextCacheConfigError.isInstance(error)) throw error;
    return error.field;
  }
}

describe('ContextCacheConfig (adk-python context_cache_config.py)', () => {
  it('defaults to 10 intervals, 1800 s and 0 tokens; ttlString is "<n>s"', () => {
    const config = createContextCacheConfig();
    expect(config).toEqual({ cacheIntervals: 10, ttlSeconds: 1800, minTokens: 0 });
    expect(ttlString(config)).toBe('1800s');
    expect(createContextCacheConfig({ cacheIntervals: 100, ttlSeconds: 1, minTokens: 5 })).toEqual({
      cacheIntervals: 100,
      ttlSeconds: 1,
      minTokens: 5,
    });
  });

  it('rejects values out of bounds and unknown fields, naming the field', () => {
    expect(fieldOf({ cacheIntervals: 0 })).toBe('cacheIntervals');
    expect(fieldOf({ cacheIntervals: 101 })).toBe('cacheIntervals');
    expect(fieldOf({ cacheIntervals: 2.5 })).toBe('cacheIntervals');
    expect(fieldOf({ ttlSeconds: 0 })).toBe('ttlSeconds');
    expect(fieldOf({ minTokens: -1 })).toBe('minTokens');
    expect(fieldOf({ ttl: 5 })).toBe('ttl');
    expect(fieldOf({ ttlSeconds: 60 })).toBeUndefined();
  });

  it('the App validates and completes its contextCacheConfig', () => {
    const rootAgent = new LlmAgent({ name: 'a', model: new ScriptedLlm({ responses: [] }) });
    expect(
      new App({ name: 'x', rootAgent, contextCacheConfig: { ttlSeconds: 60 } }).contextCacheConfig,
    ).toEqual({
      cacheIntervals: 10,
      ttlSeconds: 60,
      minTokens: 0,
    });
    expect(
      () => new App({ name: 'x', rootAgent, contextCacheConfig: { cacheIntervals: 0 } }),
    ).toThrow(InvalidContextCacheConfigError);
  });
});
