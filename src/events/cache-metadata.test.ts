import { describe, expect, it } from 'vitest';
import {
  eventFromCamelCaseJson,
  eventFromSnakeCaseJson,
  eventToCamelCaseJson,
  eventToSnakeCaseJson,
} from './event-json.js';

/* adk-python models/cache_metadata.py inside Event JSON (model_dump with and without by_alias). */

const pythonCacheMetadata = {
  cache_name: 'cachedContents/abc',
  expire_time: 1767225600.5,
  fingerprint: '0123456789abcdef',
  invocations_used: 2,
  contents_count: 4,
  created_at: 1767223800.5,
};

describe('cacheMetadata in event JSON (adk-python CacheMetadata, no aliases)', () => {
  it('reads Python JSON into camelCase fields and writes snake_case keys in both forms', () => {
    const event = eventFromSnakeCaseJson({
      author: 'guide',
      timestamp: 1,
      invocation_id: 'e-1',
      cache_metadata: pythonCacheMetadata,
    });
    expect(event.cacheMetadata).toEqual({
      cacheName: 'cachedContents/abc',
      expireTime: 1767225600.5,
      fingerprint: '0123456789abcdef',
      invocationsUsed: 2,
      contentsCount: 4,
      createdAt: 1767223800.5,
    });
    expect(eventToSnakeCaseJson(event)['cache_metadata']).toEqual(pythonCacheMetadata);
    expect(eventToCamelCaseJson(event)['cacheMetadata']).toEqual(pythonCacheMetadata);
    expect(eventFromCamelCaseJson(eventToCamelCaseJson(event))).toStrictEqual(event);
  });

  it('fingerprint-only metadata reads; a missing fingerprint does not; unknown fields are kept', () => {
    const fingerprintOnly = eventFromSnakeCaseJson({
      author: 'guide',
      timestamp: 1,
      cache_metadata: { fingerprint: 'ff', contents_count: 0, future_field: 1 },
    });
    expect(fingerprintOnly.cacheMetadata).toEqual({
      fingerprint: 'ff',
      contentsCount: 0,
      futureField: 1,
    });
    expect(eventToSnakeCaseJson(fingerprintOnly)['cache_metadata']).toEqual({
      fingerprint: 'ff',
      contents_count: 0,
      future_field: 1,
    });
    expect(() =>
      eventFromSnakeCaseJson({
        author: 'guide',
        timestamp: 1,
        cache_metadata: { contents_count: 1 },
      }),
    ).toThrow(/cache_metadata\.fingerprint/);
  });
});
