import type { GenerateContentResponse, HttpOptions, HttpRetryOptions } from '@google/genai';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { ModelApiError } from '../../errors/model-api-error.js';
import type { LlmResponse } from '../../events/llm-response.js';
import { checkAdapterHttpOptions } from '../adapter-options.js';
import { NotSupportedError } from '../../errors/not-supported-error.js';
import { BaseLlm } from '../base-llm.js';
import type { BaseLlmConnection } from '../base-llm-connection.js';
import { createLlmResponse } from '../create-llm-response.js';
import { LazyConnection } from '../lazy-connection.js';
import type { LlmRequest } from '../llm-request.js';
import { StreamingResponseAggregator } from '../streaming-response-aggregator.js';
import { resolveBackendSettings } from './backend-settings.js';
import { splitApiVersion } from './base-url.js';
import { toModelError, PROVIDER, type ErrorContext } from './error-conversion.js';
import { loadGoogleGenAI, type GeminiClient } from './gemini-client.js';
import { DEFAULT_GEMINI_MODEL, type GeminiOptions } from './gemini-options.js';
import { prepareGenerateContentParameters } from './request-preparation.js';
import { mergeTrackingHeaders } from './tracking-headers.js';
import { untilAborted } from './until-aborted.js';
import type { CacheScope } from './cache-fingerprint.js';
import { withContextCaching } from './context-caching.js';
import { openGeminiLiveConnection, type GeminiLiveClient } from './live-connect.js';

/** Retries when neither `maxRetries` nor `retryOptions` is given, as the other SDKs default. */
const DEFAULT_MAX_RETRIES = 2;

interface Connection {
  client: GeminiClient;
  /** The key in use, to keep it out of error messages. */
  apiKey: string | undefined;
  /** The live API, on its own client when we build it (see `createConnection`). */
  live: GeminiLiveClient | undefined;
  /** Where the client's context caches live (part of their fingerprint). */
  cacheScope: CacheScope;
}

/** The live API's version when the base URL names none (Python `_live_api_version`). */
function liveApiVersion(vertexai: boolean): string {
  return vertexai ? 'v1beta1' : 'v1alpha';
}

/**
 * Gemini through `@google/genai`, on the Gemini Developer API or Vertex AI
 * (Python `google.adk.models.google_llm.Gemini`).
 *
 * - Serves `gemini-.*`, `model-optimizer-.*` and Vertex AI endpoint and
 *   publisher-model resource names.
 * - Nothing is loaded or checked when it is built, so an agent naming it can
 *   be built without credentials: the backend and key are resolved
 *   (`resolveBackendSettings`; `MissingApiKeyError` when there are none),
 *   the SDK imported and the client built at the first call, then reused.
 * - The request is prepared as Python prepares it
 *   (`prepareGenerateContentParameters`) and is not changed. Function-call
 *   ids stay stripped from the history (`pairsFunctionCallsById` is not
 *   set): Gemini pairs calls and responses by order and name.
 * - Without `stream`: `generateContent`, one response (`createLlmResponse`:
 *   blocked prompts and empty candidates become `errorCode` /
 *   `errorMessage`). With `stream`: `generateContentStream`, each chunk
 *   yielded as a partial response as it arrives, then the aggregated final
 *   one (`StreamingResponseAggregator`), which holds the whole text, thought
 *   parts, complete function calls and their thought signatures.
 * - Context caching (`request.cacheConfig`, set when the app has a
 *   `ContextCacheConfig`): a `GeminiContextCacheManager` may create, reuse
 *   or delete a cachedContents resource and point the call at it, dropping
 *   what it holds; the response (the final one when streamed) carries the
 *   resulting `cacheMetadata`.
 * - Retries are the SDK's (`maxRetries`, or `retryOptions`). The abort
 *   signal reaches the HTTP request; an aborted call throws the signal's
 *   reason, at once even while waiting to retry, and yields no final
 *   response. A streamed call stopped early by its consumer closes its HTTP
 *   request. Failures become `ModelApiError` (`toModelError`); nothing is
 *   logged.
 */
export class Gemini extends BaseLlm {
  static override readonly supportedModels: readonly (string | RegExp)[] = [
    'gemini-.*',
    // Model optimizer.
    'model-optimizer-.*',
    // Fine-tuned Vertex AI endpoints.
    'projects\\/.+\\/locations\\/.+\\/endpoints\\/.+',
    // Vertex AI Gemini resource names.
    'projects\\/.+\\/locations\\/.+\\/publishers\\/google\\/models\\/gemini.+',
  ];

  private readonly options: Omit<GeminiOptions, 'model' | 'client' | 'headers'>;
  private readonly headers: Record<string, string> | undefined;
  private readonly client: GeminiClient | undefined;
  private readonly connection = new LazyConnection(() => this.createConnection());

  constructor({ model = DEFAULT_GEMINI_MODEL, client, headers, ...options }: GeminiOptions = {}) {
    super({ model });
    if (!model) {
      throw new InvalidArgumentError({ message: 'model must name a model.', argument: 'model' });
    }
    checkAdapterHttpOptions(options);
    this.options = { ...options };
    this.headers = headers === undefined ? undefined : { ...headers };
    this.client = client;
  }

  override async *generateContentAsync(
    request: LlmRequest,
    stream = false,
    abortSignal?: AbortSignal,
  ): AsyncGenerator<LlmResponse, void> {
    abortSignal?.throwIfAborted();
    const { client, apiKey, cacheScope } = await this.connection.open();
    // Our own signal as well as the caller's, to close a stream whose
    // consumer stops early.
    const ownAbort = new AbortController();
    const signal = abortSignal ? AbortSignal.any([abortSignal, ownAbort.signal]) : ownAbort.signal;
    const { params, cacheMetadata, manager } = await withContextCaching(
      request,
      prepareGenerateContentParameters(request, {
        model: this.model,
        vertexai: client.vertexai,
        abortSignal: signal,
      }),
      client,
      cacheScope,
    );
    const context: ErrorContext = { model: params.model, apiKey, abortSignal, stream };

    if (!stream) {
      let response: GenerateContentResponse;
      try {
        response = await untilAborted(client.models.generateContent(params), abortSignal);
      } catch (error) {
        throw toModelError(error, context);
      }
      abortSignal?.throwIfAborted();
      const llmResponse = createLlmResponse(response);
      if (cacheMetadata) manager?.populateCacheMetadataInResponse(llmResponse, cacheMetadata);
      yield llmResponse;
      return;
    }

    let chunks: AsyncGenerator<GenerateContentResponse>;
    try {
      chunks = await untilAborted(client.models.generateContentStream(params), abortSignal);
    } catch (error) {
      throw toModelError(error, context);
    }
    const aggregator = new StreamingResponseAggregator();
    try {
      for (;;) {
        let next: IteratorResult<GenerateContentResponse>;
        try {
          next = await chunks.next();
        } catch (error) {
          throw toModelError(error, context);
        }
        // Chunks already read must not surface after an abort.
        abortSignal?.throwIfAborted();
        if (next.done) break;
        for (const response of aggregator.processResponse(next.value)) yield response;
      }
    } finally {
      // Cancels the HTTP request when the consumer stopped early or a chunk
      // was bad; after a complete stream it has nothing left to cancel.
      ownAbort.abort();
      await chunks.return(undefined).catch(() => undefined);
    }
    const final = aggregator.close();
    if (!final) {
      throw new ModelApiError({
        provider: PROVIDER,
        model: params.model,
        code: 'empty_response',
        message: 'The stream ended without a response.',
      });
    }
    if (cacheMetadata) manager?.populateCacheMetadataInResponse(final, cacheMetadata);
    yield final;
  }

  /**
   * Native-audio models (`…native-audio…`) answer live sessions in audio
   * only; for the others Gemini decides, so nothing is checked.
   */
  override get liveResponseModalities(): readonly string[] | undefined {
    return this.model.includes('native-audio') ? ['AUDIO'] : undefined;
  }

  /**
   * Opens a live session (BidiGenerateContent), configured from the request
   * as Python configures it. As in Python, the session goes through a client
   * of its own on the live API's version (`v1alpha` on the Gemini API,
   * `v1beta1` on Vertex AI) unless the base URL names one; a passed-in
   * client's own `live` is used as it is. The config is
   * `liveConnectConfigOf(request)`; the session is returned as a
   * `GeminiLlmConnection`.
   * Throws `InvalidArgumentError` for transparent session resumption on the
   * Gemini API (Vertex AI only, as Python checks), `NotSupportedError` for a
   * passed-in client without `live`, and
   * `ModelApiError` when the session cannot be opened.
   */
  override async connect(request: LlmRequest): Promise<BaseLlmConnection> {
    const { client, live, apiKey } = await this.connection.open();
    if (request.liveConnectConfig.sessionResumption?.transparent && !client.vertexai) {
      throw new InvalidArgumentError({
        message: 'Transparent session resumption needs the Vertex AI backend.',
        argument: 'runConfig.sessionResumption',
      });
    }
    if (!live) {
      throw new NotSupportedError({
        message: `The Gemini client given for ${this.model} has no live API.`,
      });
    }
    return openGeminiLiveConnection({
      live,
      request,
      model: request.model ?? this.model,
      apiKey,
    });
  }

  /**
   * Whether this model's client speaks to Vertex AI rather than the Gemini
   * API (Python `Gemini._api_backend`); the live flow asks for transparent
   * session resumption on Vertex AI only. Builds the client on first use.
   */
  async usesVertexAi(): Promise<boolean> {
    const { client } = await this.connection.open();
    return client.vertexai === true;
  }

  private async createConnection(): Promise<Connection> {
    if (this.client) {
      const { vertexai, project, location } = this.client;
      return {
        client: this.client,
        apiKey: this.options.apiKey,
        live: this.client.live,
        cacheScope: cacheScopeOf(vertexai, project, location, this.options.baseUrl),
      };
    }
    const { baseUrl, maxRetries, retryOptions, timeoutMs, ...choice } = this.options;
    const settings = resolveBackendSettings({ model: this.model, ...choice });
    const GoogleGenAI = await loadGoogleGenAI();
    const httpOptions: HttpOptions = { headers: mergeTrackingHeaders(this.headers) };
    if (baseUrl) Object.assign(httpOptions, splitApiVersion(baseUrl));
    const retries = retryOptionsOf(maxRetries, retryOptions);
    if (retries) httpOptions.retryOptions = retries;
    if (timeoutMs !== undefined) httpOptions.timeout = timeoutMs;
    const client = new GoogleGenAI({ ...settings, httpOptions });
    // As in Python, live sessions go through a client of their own, on the
    // live API's version unless the base URL names one, without the HTTP
    // retry and timeout settings (a session is one long WebSocket).
    const liveHttpOptions: HttpOptions = {
      ...httpOptions,
      apiVersion: httpOptions.apiVersion ?? liveApiVersion(client.vertexai),
    };
    delete liveHttpOptions.retryOptions;
    delete liveHttpOptions.timeout;
    const live = new GoogleGenAI({ ...settings, httpOptions: liveHttpOptions }).live;
    const cacheScope = cacheScopeOf(client.vertexai, settings.project, settings.location, baseUrl);
    return { client, apiKey: settings.apiKey, live, cacheScope };
  }
}

function cacheScopeOf(
  vertexai: boolean,
  project: string | undefined,
  location: string | undefined,
  baseUrl: string | undefined,
): CacheScope {
  return {
    backend: vertexai ? 'vertex' : 'gemini',
    ...(vertexai && project ? { project } : {}),
    ...(vertexai && location ? { location } : {}),
    ...(baseUrl ? { baseUrl } : {}),
  };
}

function retryOptionsOf(
  maxRetries: number | undefined,
  retryOptions: HttpRetryOptions | undefined,
): HttpRetryOptions | undefined {
  if (retryOptions) return retryOptions;
  const retries = maxRetries ?? DEFAULT_MAX_RETRIES;
  // Without retry options the SDK makes one attempt.
  return retries > 0 ? { attempts: retries + 1 } : undefined;
}
