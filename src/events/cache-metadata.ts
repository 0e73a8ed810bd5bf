import { z } from 'zod';

/**
 * The context cache state a model response carries (Python
 * `CacheMetadata`), in one of two states:
 *
 * - active cache: `cacheName` (the cachedContents resource name),
 *   `expireTime` and `createdAt` (Unix seconds), `invocationsUsed`, and
 *   `contentsCount` = the number of leading contents the cache holds;
 * - fingerprint only (no cache yet): `cacheName` absent, `contentsCount` =
 *   the number of leading contents the fingerprint covers.
 *
 * `fingerprint` (16 hex digits) identifies the cached prefix: model, system
 * instruction, tools, tool config and the first `contentsCount` contents.
 * Strict, as Python's `extra='forbid'`. In event JSON its keys are
 * snake_case in both forms (`cache_name`, `invocations_used`, ...): the
 * Python model has no camelCase aliases.
 */
export const CacheMetadata = z.strictObject({
  cacheName: z.string().optional(),
  expireTime: z.number().optional(),
  fingerprint: z.string(),
  invocationsUsed: z.int().nonnegative().optional(),
  contentsCount: z.int().nonnegative(),
  createdAt: z.number().optional(),
});
/** See the schema. */
export type CacheMetadata = z.infer<typeof CacheMetadata>;
