/**
 * A fake Gemini API with the explicit-cache API (cachedContents), for tests
 * and examples of context caching: `FakeGeminiServer` (same generateContent
 * routes, key and body checks, recording) plus, on the Gemini API routes
 * (`/{v1|v1beta|v1alpha}/…`):
 *
 * - `POST cachedContents` (create: `model`, `contents`, `systemInstruction`,
 *   `tools`, `toolConfig`, `ttl` like `1800s` or `expireTime`,
 *   `displayName`); `GET cachedContents` (list, `pageSize`/`pageToken`);
 *   `GET`, `PATCH` (new `ttl` or `expireTime`) and `DELETE`
 *   `cachedContents/{id}`. A cache answers with `name`, `model`,
 *   `displayName`, `createTime`, `updateTime`, `expireTime` (RFC 3339) and
 *   `usageMetadata.totalTokenCount`. Expired caches are gone (403, as the
 *   API answers for a cache it does not have); a cache under
 *   `minCacheTokens` is refused (400).
 * - `generateContent` with `cachedContent`: the cache must exist and be of
 *   the same model, and the request must not set `systemInstruction`,
 *   `tools` or `toolConfig` (400 otherwise, as the API).
 * - Answers computed from the request (`reply`, and the fallback when no
 *   scripted reply is left): usage with `promptTokenCount` = cached tokens +
 *   request tokens, `cachedContentTokenCount` when a cache is used,
 *   `candidatesTokenCount` = the answer's tokens, all by the rules of
 *   `gemini-cache-tokens.ts`. The default answer is `Reply <n>.` for the
 *   n-th generateContent request.
 * - Time is `Date.now()`, so a test moves it with `vi.setSystemTime`.
 * - `cacheOperations` records every cache call in order, `createHeaders`
 *   the headers of each create request.
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { sendJson, type IncomingFakeRequest } from './fake-server.js';
import { promptTokens } from './gemini-cache-tokens.js';
import {
  candidateResponse,
  errorBody,
  FakeGeminiServer,
  type FakeGeminiServerOptions,
  type GeminiReplier,
  type RecordedGeminiRequest,
} from './gemini-server.js';

/** A cache as the server holds it. */
export interface StoredCache {
  name: string;
  /** `models/<id>`. */
  model: string;
  displayName?: string;
  contents?: unknown[];
  systemInstruction?: unknown;
  tools?: unknown[];
  toolConfig?: unknown;
  createTime: number;
  updateTime: number;
  /** Milliseconds since the epoch. */
  expireTime: number;
  /** `promptTokens` of the cache's content. */
  totalTokenCount: number;
}

/** One call to the cachedContents API. */
export interface CacheOperation {
  op: 'create' | 'get' | 'list' | 'update' | 'delete';
  /** The cache's name (for create, the one given to it). */
  name?: string;
  /** The HTTP status answered. */
  status: number;
}

/** Options of `FakeGeminiCacheServer.start`. */
export interface FakeGeminiCacheServerOptions extends FakeGeminiServerOptions {
  /** The smallest cache, in tokens, the server accepts (default 0). */
  minCacheTokens?: number;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=UTF-8' };
const CACHE_COLLECTION = /^\/(v1|v1beta|v1alpha)\/cachedContents$/;
const CACHE_RESOURCE = /^\/(v1|v1beta|v1alpha)\/(cachedContents\/[^/]+)$/;
const CREATE_FIELDS = new Set([
  'model',
  'contents',
  'systemInstruction',
  'tools',
  'toolConfig',
  'ttl',
  'expireTime',
  'displayName',
]);
const NOT_FOUND_MESSAGE = 'CachedContent not found (or permission denied)';
const TTL = /^(\d+(?:\.\d+)?)s$/;
const MODEL_IN_PATH = /\/models\/([^/:]+):/;

/** A fake Gemini API with cachedContents (see the module comment). */
export class FakeGeminiCacheServer extends FakeGeminiServer {
  /** Every cachedContents call, in order. */
  readonly cacheOperations: CacheOperation[] = [];
  /** The headers of every create request, in order. */
  readonly createHeaders: IncomingHttpHeaders[] = [];
  private readonly caches = new Map<string, StoredCache>();
  private readonly minCacheTokens: number;
  private nextId = 1;
  private answered = 0;

  protected constructor(options: FakeGeminiCacheServerOptions) {
    super({ ...options, fallback: options.fallback ?? ((request) => this.answer(request)) });
    this.minCacheTokens = options.minCacheTokens ?? 0;
  }

  /** Starts a server on 127.0.0.1 and an OS-chosen port. */
  static override async start(
    options: FakeGeminiCacheServerOptions = {},
  ): Promise<FakeGeminiCacheServer> {
    const instance = new FakeGeminiCacheServer(options);
    await instance.listen();
    return instance;
  }

  /** The caches alive now (expired ones are dropped). */
  liveCaches(): StoredCache[] {
    this.dropExpired();
    return [...this.caches.values()];
  }

  /**
   * A replier answering with `parts` and the usage the request earns (see
   * the module comment); for scripted replies such as function calls.
   */
  reply(parts: readonly Record<string, unknown>[]): GeminiReplier {
    return (request) => this.answer(request, parts);
  }

  /** Usage of a request body: the cache it names (if any) and its own tokens. */
  usageOf(body: Record<string, unknown>, candidatesTokenCount: number): Record<string, number> {
    const cacheName = body['cachedContent'];
    const cached =
      typeof cacheName === 'string' ? (this.caches.get(cacheName)?.totalTokenCount ?? 0) : 0;
    const prompt = cached + promptTokens(body);
    return {
      promptTokenCount: prompt,
      candidatesTokenCount,
      totalTokenCount: prompt + candidatesTokenCount,
      ...(typeof cacheName === 'string' ? { cachedContentTokenCount: cached } : {}),
    };
  }

  protected override handle(request: IncomingFakeRequest, response: ServerResponse): void {
    const url = new URL(request.url, 'http://127.0.0.1');
    this.dropExpired();
    const collection = CACHE_COLLECTION.exec(url.pathname);
    const resource = collection ? null : CACHE_RESOURCE.exec(url.pathname);
    if (!collection && !resource) {
      const problem = this.cacheProblem(request.raw, url.pathname);
      if (problem)
        sendJson(
          response,
          problem.status,
          errorBody(problem.status, problem.message),
          JSON_HEADERS,
        );
      else super.handle(request, response);
      return;
    }
    const send = (op: CacheOperation['op'], status: number, body: unknown, name?: string): void => {
      this.cacheOperations.push({ op, status, ...(name === undefined ? {} : { name }) });
      sendJson(response, status, JSON.stringify(body), JSON_HEADERS);
    };
    const fail = (op: CacheOperation['op'], status: number, message: string, name?: string): void =>
      send(op, status, JSON.parse(errorBody(status, message)), name);
    const keyProblem = this.keyProblem(request, url);
    if (keyProblem) {
      sendJson(
        response,
        keyProblem.status,
        errorBody(keyProblem.status, keyProblem.message),
        JSON_HEADERS,
      );
      return;
    }
    if (collection) {
      if (request.method === 'POST') {
        this.createHeaders.push(request.headers);
        this.create(request.raw, send, fail);
      } else if (request.method === 'GET') send('list', 200, this.list(url));
      else fail('list', 404, `Not found: ${request.method} ${url.pathname}`);
      return;
    }
    const name = resource![2]!;
    const cache = this.caches.get(name);
    const op = ({ GET: 'get', PATCH: 'update', DELETE: 'delete' } as const)[
      request.method as 'GET' | 'PATCH' | 'DELETE'
    ];
    if (!op) return fail('get', 404, `Not found: ${request.method} ${url.pathname}`, name);
    if (!cache) return fail(op, 403, NOT_FOUND_MESSAGE, name);
    if (op === 'get') return send(op, 200, cacheJson(cache), name);
    if (op === 'delete') {
      this.caches.delete(name);
      return send(op, 200, {}, name);
    }
    const body = parseObject(request.raw);
    const expireTime = body ? expiryOf(body) : undefined;
    if (expireTime === undefined)
      return fail(op, 400, 'Either ttl or expireTime must be set.', name);
    cache.expireTime = expireTime;
    cache.updateTime = Date.now();
    send(op, 200, cacheJson(cache), name);
  }

  private create(
    raw: Buffer,
    send: (op: 'create', status: number, body: unknown, name?: string) => void,
    fail: (op: 'create', status: number, message: string) => void,
  ): void {
    const body = parseObject(raw);
    if (!body) return fail('create', 400, 'Invalid JSON payload received.');
    const unknown = Object.keys(body).find((field) => !CREATE_FIELDS.has(field));
    if (unknown !== undefined) {
      return fail(
        'create',
        400,
        `Invalid JSON payload received. Unknown name "${unknown}": Cannot find field.`,
      );
    }
    const model = body['model'];
    if (typeof model !== 'string' || !model.startsWith('models/')) {
      return fail('create', 400, 'CachedContent.model must be of the form models/{model}.');
    }
    const expireTime = expiryOf(body);
    if (expireTime === undefined)
      return fail('create', 400, 'Either ttl or expireTime must be set.');
    const totalTokenCount = promptTokens(body);
    if (totalTokenCount < this.minCacheTokens) {
      return fail(
        'create',
        400,
        `Cached content is too small. total_token_count=${totalTokenCount}, min_total_token_count=${this.minCacheTokens}`,
      );
    }
    const now = Date.now();
    const cache: StoredCache = {
      name: `cachedContents/cache-${this.nextId++}`,
      model,
      createTime: now,
      updateTime: now,
      expireTime,
      totalTokenCount,
      ...(typeof body['displayName'] === 'string' ? { displayName: body['displayName'] } : {}),
      ...(Array.isArray(body['contents']) ? { contents: body['contents'] } : {}),
      ...(body['systemInstruction'] ? { systemInstruction: body['systemInstruction'] } : {}),
      ...(Array.isArray(body['tools']) ? { tools: body['tools'] } : {}),
      ...(body['toolConfig'] ? { toolConfig: body['toolConfig'] } : {}),
    };
    this.caches.set(cache.name, cache);
    send('create', 200, cacheJson(cache), cache.name);
  }

  private list(url: URL): Record<string, unknown> {
    const all = [...this.caches.values()];
    const size = Number(url.searchParams.get('pageSize') ?? '') || all.length || 1;
    const start = Number(url.searchParams.get('pageToken') ?? '0') || 0;
    const page = all.slice(start, start + size);
    const next = start + size < all.length ? { nextPageToken: String(start + size) } : {};
    return page.length > 0 ? { cachedContents: page.map(cacheJson), ...next } : {};
  }

  // What the API refuses in a generateContent request naming a cache.
  private cacheProblem(raw: Buffer, path: string): { status: number; message: string } | undefined {
    const body = parseObject(raw);
    const name = body?.['cachedContent'];
    if (typeof name !== 'string') return undefined;
    const cache = this.caches.get(name);
    if (!cache) return { status: 403, message: NOT_FOUND_MESSAGE };
    const model = `models/${MODEL_IN_PATH.exec(path)?.[1] ?? ''}`;
    if (cache.model !== model) {
      return {
        status: 400,
        message: `Model used by GenerateContent request (${model}) and CachedContent (${cache.model}) has to be the same.`,
      };
    }
    if (body!['systemInstruction'] || body!['tools'] || body!['toolConfig']) {
      return {
        status: 400,
        message:
          'CachedContent can not be used with GenerateContent request setting system_instruction, tools or tool_config.\n\nProposed fix: move those values to CachedContent from GenerateContent request.',
      };
    }
    return undefined;
  }

  private keyProblem(
    request: IncomingFakeRequest,
    url: URL,
  ): { status: number; message: string } | undefined {
    const header = request.headers['x-goog-api-key'];
    const key = typeof header === 'string' ? header : url.searchParams.get('key');
    if (!key) return { status: 403, message: "Method doesn't allow unregistered callers." };
    if (key !== this.apiKey)
      return { status: 400, message: 'API key not valid. Please pass a valid API key.' };
    return undefined;
  }

  private answer(
    request: RecordedGeminiRequest,
    parts: readonly Record<string, unknown>[] = [{ text: `Reply ${this.answered + 1}.` }],
  ): { kind: 'response'; body: Record<string, unknown> } {
    this.answered += 1;
    const candidates = promptTokens({ contents: [{ parts }] });
    return {
      kind: 'response',
      body: candidateResponse({
        parts,
        usageMetadata: this.usageOf(request.body, candidates),
        modelVersion: request.model,
      }),
    };
  }

  private dropExpired(): void {
    const now = Date.now();
    for (const [name, cache] of this.caches) if (cache.expireTime <= now) this.caches.delete(name);
  }
}

function parseObject(raw: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(raw.toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

// Milliseconds since the epoch from `ttl` (e.g. `1800s`) or `expireTime` (RFC 3339).
function expiryOf(body: Record<string, unknown>): number | undefined {
  const ttl = typeof body['ttl'] === 'string' ? TTL.exec(body['ttl']) : null;
  if (ttl) return Date.now() + Number(ttl[1]) * 1000;
  const at = typeof body['expireTime'] === 'string' ? Date.parse(body['expireTime']) : Number.NaN;
  return Number.isNaN(at) ? undefined : at;
}

function cacheJson(cache: StoredCache): Record<string, unknown> {
  return {
    name: cache.name,
    model: cache.model,
    ...(cache.displayName === undefined ? {} : { displayName: cache.displayName }),
    createTime: new Date(cache.createTime).toISOString(),
    updateTime: new Date(cache.updateTime).toISOString(),
    expireTime: new Date(cache.expireTime).toISOString(),
    usageMetadata: { totalTokenCount: cache.totalTokenCount },
  };
}
