import { createHash } from 'node:crypto';
import type { Tool } from '../../types/index.js';
import { setOwn } from '../../utils/get-own.js';
import type { LlmRequest } from '../llm-request.js';

/**
 * The backend namespace that owns a client's explicit caches (Python
 * `_cache_scope`): a cache made through one backend, project, location or
 * base URL cannot be used through another.
 */
export interface CacheScope {
  backend: 'gemini' | 'vertex';
  project?: string;
  location?: string;
  baseUrl?: string;
}

/**
 * The fingerprint of what a cache of the request's first `contentsCount`
 * contents would hold (Python `_generate_cache_fingerprint`): SHA-256 of
 * the canonical JSON (keys sorted at every depth, no spaces, non-ASCII as
 * is) of the model, the cache scope, the system instruction, the tools
 * (declarations sorted by name, tools sorted by their canonical JSON, so
 * that reordering changes nothing), the tool config and those contents;
 * the first 16 hex digits. Values are in their TypeScript (camelCase)
 * spelling, so the fingerprint is not Python's digit for digit.
 */
export function cacheFingerprint(
  request: LlmRequest,
  contentsCount: number,
  scope: CacheScope,
): string {
  const data: Record<string, unknown> = {
    model: request.model ?? null,
    cache_scope: {
      backend: scope.backend,
      ...(scope.backend === 'vertex'
        ? { project: scope.project ?? null, location: scope.location ?? null }
        : {}),
      ...(scope.baseUrl ? { base_url: scope.baseUrl } : {}),
    },
  };
  const { systemInstruction, tools, toolConfig } = request.config;
  if (systemInstruction) data['system_instruction'] = systemInstruction;
  if (tools && tools.length > 0) data['tools'] = canonicalTools(tools as Tool[]);
  if (toolConfig) data['tool_config'] = toolConfig;
  if (contentsCount > 0 && request.contents.length > 0) {
    data['cached_contents'] = request.contents.slice(0, contentsCount);
  }
  return createHash('sha256').update(canonicalJson(data)).digest('hex').slice(0, 16);
}

function canonicalTools(tools: readonly Tool[]): unknown[] {
  const copies = tools.map((tool) =>
    tool.functionDeclarations
      ? {
          ...tool,
          functionDeclarations: [...tool.functionDeclarations].sort((a, b) =>
            compare(a.name ?? '', b.name ?? ''),
          ),
        }
      : tool,
  );
  return copies
    .map((tool) => ({ tool, key: canonicalJson(tool) }))
    .sort((a, b) => compare(a.key, b.key))
    .map(({ tool }) => tool);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** JSON with object keys sorted at every depth and `undefined` fields left out. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(item).sort(compare)) {
      setOwn(sorted, key, (item as Record<string, unknown>)[key]);
    }
    return sorted;
  });
}
