/**
 * A local stand-in for the Gemini API (and the Vertex AI generateContent
 * routes), for tests and examples: a real `node:http` server on 127.0.0.1
 * that speaks the REST protocol as Google's API reference documents it, so
 * the official `@google/genai` client can be pointed at it by base URL.
 *
 * - Routes: `POST /{v1|v1beta|v1alpha}/models/{model}:generateContent` and
 *   `:streamGenerateContent?alt=sse` (Gemini API), and the same methods on
 *   `/{v1|v1beta1}/projects/{project}/locations/{location}/publishers/{publisher}/models/{model}`
 *   and `…/endpoints/{endpoint}`, with or without the project prefix
 *   (Vertex AI; express mode has none). Anything else: 404 `NOT_FOUND`.
 * - Checks the API key as the API does: the `x-goog-api-key` header or the
 *   `key` query parameter; none is 403 `PERMISSION_DENIED`, a wrong one
 *   400 `INVALID_ARGUMENT` ("API key not valid…").
 * - Checks the body as the API does: JSON (400 otherwise), `contents`
 *   present, only the documented top-level fields, roles `user` or `model`;
 *   on the Gemini API no `labels` and no `displayName` on inline or file
 *   data (both are Vertex-only; the API answers 400 "Unknown name").
 * - Answers each request with the next scripted reply (or a handler's): a
 *   `GenerateContentResponse` as JSON, or, for a streamed request, as
 *   server-sent events `data: <chunk>` separated by CRLF CRLF, text split
 *   into pieces as the API streams it; errors as
 *   `{"error": {code, message, status}}`; explicit chunk lists and raw
 *   bodies for broken streams; `hang` for requests that never get an answer.
 * - Records every request (path, query, headers, parsed body) and every
 *   answer the client cut short by closing the connection.
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import {
  FakeServer,
  sendEventStream,
  sendJson,
  sendRaw,
  splitText,
  type IncomingFakeRequest,
  type Replier,
} from './fake-server.js';

export { splitText } from './fake-server.js';

/** A request as the server received it. */
export interface RecordedGeminiRequest {
  method: string;
  /** The URL path without the query, e.g. `/v1beta/models/gemini-2.5-flash:generateContent`. */
  path: string;
  /** The query parameters. */
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body. */
  body: Record<string, unknown>;
  /** `gemini` for the Gemini API routes, `vertex` for the Vertex AI ones. */
  backend: 'gemini' | 'vertex';
  /** The model (or endpoint) id from the path. */
  model: string;
  /** True for `:streamGenerateContent`. */
  stream: boolean;
}

/** What the server answers to one request. */
export type GeminiReply =
  | {
      /**
       * A `GenerateContentResponse` body. Sent whole to a unary request; to
       * a streamed one as chunks (`streamChunks`).
       */
      kind: 'response';
      body: Record<string, unknown>;
      /** Pieces per text part when streamed (default 3). */
      pieces?: number;
    }
  | {
      /**
       * Server-sent events with exactly these chunks (a string is written
       * as it is, for broken frames); `hold` keeps the stream open after them.
       */
      kind: 'chunks';
      chunks: readonly unknown[];
      hold?: boolean;
    }
  | { kind: 'error'; status: number; message: string; errorStatus?: string }
  | { kind: 'raw'; status: number; contentType: string; body: string }
  | { kind: 'hang' };

/** A fixed reply, or a function of the request that gives one. */
export type GeminiReplier = Replier<RecordedGeminiRequest, GeminiReply>;

/** Options of `FakeGeminiServer.start`. */
export interface FakeGeminiServerOptions {
  /** The key requests must carry; default `test-gemini-key`. */
  apiKey?: string;
  /** Replies used in order, one per request; after them, `fallback`. */
  replies?: readonly GeminiReplier[];
  /** The reply when the scripted ones are used up; default a 500 `INTERNAL`. */
  fallback?: GeminiReplier;
}

const DEFAULT_KEY = 'test-gemini-key';
const JSON_HEADERS = { 'content-type': 'application/json; charset=UTF-8' };
// The API sends neither a charset nor `connection: keep-alive`.
const EVENT_STREAM_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' };
const DEFAULT_MODEL_VERSION = 'gemini-2.5-flash';
const DEFAULT_RESPONSE_ID = 'fake-response-1';

/** The canonical status of a Google API error code, as the API sends it. */
const ERROR_STATUS: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** The top-level fields of a GenerateContentRequest on each backend. */
const REQUEST_FIELDS = {
  gemini: [
    'contents',
    'tools',
    'toolConfig',
    'safetySettings',
    'systemInstruction',
    'generationConfig',
    'cachedContent',
    'serviceTier',
    'store',
  ],
  vertex: [
    'contents',
    'tools',
    'toolConfig',
    'safetySettings',
    'systemInstruction',
    'generationConfig',
    'cachedContent',
    'labels',
    'modelArmorConfig',
  ],
} as const;

const GEMINI_ROUTE =
  /^\/(v1|v1beta|v1alpha)\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;
// Express mode (an API key, no project) drops the projects/…/locations/… prefix.
const VERTEX_ROUTE =
  /^\/(v1|v1beta1)\/(?:projects\/[^/]+\/locations\/[^/]+\/)?(?:publishers\/[^/]+\/models|endpoints)\/([^/:]+):(generateContent|streamGenerateContent)$/;

/** A model turn as the API answers it: the parts, `finishReason` STOP, usage, model version. */
export function candidateResponse({
  parts,
  finishReason = 'STOP',
  usageMetadata = { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
  modelVersion = DEFAULT_MODEL_VERSION,
}: {
  parts: readonly Record<string, unknown>[];
  finishReason?: string;
  usageMetadata?: Record<string, unknown>;
  modelVersion?: string;
}): Record<string, unknown> {
  return {
    candidates: [{ content: { parts, role: 'model' }, finishReason, index: 0 }],
    usageMetadata,
    modelVersion,
    responseId: DEFAULT_RESPONSE_ID,
  };
}

/**
 * The chunks in which the API streams `body`: each text part (thought or
 * not) in `pieces` pieces, its thought signature on the last piece; each
 * other part (function calls, inline data) whole in a chunk of its own.
 * Every chunk carries the model version, the response id and the prompt's
 * token count; the last one also the finish reason and the full usage. A
 * body without candidate parts (a blocked prompt, an empty candidate) is
 * one chunk.
 */
export function streamChunks(body: Record<string, unknown>, pieces = 3): Record<string, unknown>[] {
  const candidates = body['candidates'] as Record<string, unknown>[] | undefined;
  const candidate = candidates?.[0];
  const content = candidate?.['content'] as { parts?: Record<string, unknown>[] } | undefined;
  const parts = content?.parts ?? [];
  if (!candidate || parts.length === 0) return [body];
  const usage = (body['usageMetadata'] ?? {}) as Record<string, unknown>;
  const promptTokens = usage['promptTokenCount'];
  const { content: _content, finishReason: _finish, ...candidateRest } = candidate;
  const chunkOf = (part: Record<string, unknown>): Record<string, unknown> => ({
    candidates: [{ ...candidateRest, content: { parts: [part], role: 'model' }, index: 0 }],
    usageMetadata: { promptTokenCount: promptTokens, totalTokenCount: promptTokens },
    modelVersion: body['modelVersion'],
    responseId: body['responseId'],
  });
  const chunks: Record<string, unknown>[] = [];
  for (const part of parts) {
    if (typeof part['text'] !== 'string') {
      chunks.push(chunkOf(part));
      continue;
    }
    const { text, thoughtSignature, ...rest } = part as { text: string; thoughtSignature?: string };
    const textPieces = splitText(text, pieces);
    textPieces.forEach((piece, index) => {
      const last = index === textPieces.length - 1;
      chunks.push(
        chunkOf({
          ...rest,
          text: piece,
          ...(last && thoughtSignature !== undefined ? { thoughtSignature } : {}),
        }),
      );
    });
  }
  const last = chunks.at(-1) as Record<string, unknown>;
  const lastCandidate = (last['candidates'] as Record<string, unknown>[])[0] as Record<
    string,
    unknown
  >;
  lastCandidate['finishReason'] = candidate['finishReason'];
  last['usageMetadata'] = body['usageMetadata'];
  return chunks;
}

/** One server-sent event as the API writes it: a `data:` line, then a blank line (CRLF). */
export function sseFrame(chunk: unknown): string {
  return `data: ${JSON.stringify(chunk)}\r\n\r\n`;
}

/** A Google API error body. */
export function errorBody(status: number, message: string, errorStatus?: string): string {
  return JSON.stringify({
    error: { code: status, message, status: errorStatus ?? ERROR_STATUS[status] ?? 'UNKNOWN' },
  });
}

function problemWithParts(
  body: Record<string, unknown>,
  backend: 'gemini' | 'vertex',
): string | undefined {
  const contents = body['contents'];
  if (!Array.isArray(contents) || contents.length === 0) {
    return '* GenerateContentRequest.contents: contents is not specified';
  }
  for (const [index, content] of (contents as Record<string, unknown>[]).entries()) {
    const role = content['role'];
    if (role !== undefined && role !== 'user' && role !== 'model') {
      return 'Please use a valid role: user, model.';
    }
    if (backend !== 'gemini') continue;
    for (const [partIndex, part] of (
      (content['parts'] ?? []) as Record<string, unknown>[]
    ).entries()) {
      for (const field of ['inlineData', 'fileData']) {
        const data = part[field] as Record<string, unknown> | undefined;
        if (data && 'displayName' in data) {
          const wireField = field === 'inlineData' ? 'inline_data' : 'file_data';
          return `Invalid JSON payload received. Unknown name "displayName" at 'contents[${index}].parts[${partIndex}].${wireField}': Cannot find field.`;
        }
      }
    }
  }
  return undefined;
}

/** A fake Gemini API server (see the module comment). */
export class FakeGeminiServer extends FakeServer<RecordedGeminiRequest, GeminiReply> {
  /** The key the server accepts. */
  readonly apiKey: string;

  protected constructor(options: FakeGeminiServerOptions) {
    super({
      replies: options.replies,
      fallback: options.fallback ?? {
        kind: 'error',
        status: 500,
        message: 'No scripted reply left.',
      },
    });
    this.apiKey = options.apiKey ?? DEFAULT_KEY;
  }

  /** Starts a server on 127.0.0.1 and an OS-chosen port. */
  static async start(options: FakeGeminiServerOptions = {}): Promise<FakeGeminiServer> {
    const instance = new FakeGeminiServer(options);
    await instance.listen();
    return instance;
  }

  /** The base URL to give the client (`httpOptions.baseUrl`, `GOOGLE_GEMINI_BASE_URL`). */
  get url(): string {
    return this.origin;
  }

  protected handle(
    { method, url: rawUrl, headers, raw }: IncomingFakeRequest,
    response: ServerResponse,
  ): void {
    const sendError = (status: number, message: string): void => {
      sendJson(response, status, errorBody(status, message), JSON_HEADERS);
    };
    const url = new URL(rawUrl, 'http://127.0.0.1');
    const gemini = GEMINI_ROUTE.exec(url.pathname);
    const vertex = gemini ? null : VERTEX_ROUTE.exec(url.pathname);
    const route = gemini ?? vertex;
    if (method !== 'POST' || !route) {
      sendError(404, `Not found: ${method} ${url.pathname}`);
      return;
    }
    const backend = gemini ? 'gemini' : 'vertex';
    const stream = route[3] === 'streamGenerateContent';
    if (stream && url.searchParams.get('alt') !== 'sse') {
      sendError(400, 'This fake server streams only with alt=sse.');
      return;
    }
    const headerKey = headers['x-goog-api-key'];
    const key = typeof headerKey === 'string' ? headerKey : url.searchParams.get('key');
    if (!key) {
      sendError(
        403,
        "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
      );
      return;
    }
    if (key !== this.apiKey) {
      sendError(400, 'API key not valid. Please pass a valid API key.');
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      sendError(400, 'Invalid JSON payload received.');
      return;
    }
    const allowed: readonly string[] = REQUEST_FIELDS[backend];
    const unknown = Object.keys(body).find((field) => !allowed.includes(field));
    if (unknown !== undefined) {
      sendError(
        400,
        `Invalid JSON payload received. Unknown name "${unknown}": Cannot find field.`,
      );
      return;
    }
    const problem = problemWithParts(body, backend);
    if (problem !== undefined) {
      sendError(400, problem);
      return;
    }
    const reply = this.recordAndReply({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body,
      backend,
      model: route[2] ?? '',
      stream,
    });
    this.send(reply, stream, response);
  }

  private send(reply: GeminiReply, stream: boolean, response: ServerResponse): void {
    switch (reply.kind) {
      case 'response':
        if (stream) this.sendChunks(streamChunks(reply.body, reply.pieces), false, response);
        else sendJson(response, 200, JSON.stringify(reply.body), JSON_HEADERS);
        return;
      case 'chunks':
        this.sendChunks(reply.chunks, reply.hold ?? false, response);
        return;
      case 'error':
        sendJson(
          response,
          reply.status,
          errorBody(reply.status, reply.message, reply.errorStatus),
          JSON_HEADERS,
        );
        return;
      case 'raw':
        sendRaw(response, reply);
        return;
      case 'hang':
        // Headers are not even sent; the client must give up or abort.
        return;
    }
  }

  private sendChunks(chunks: readonly unknown[], hold: boolean, response: ServerResponse): void {
    const frames = chunks.map((chunk) => (typeof chunk === 'string' ? chunk : sseFrame(chunk)));
    sendEventStream(response, frames, { hold, headers: EVENT_STREAM_HEADERS });
  }
}
