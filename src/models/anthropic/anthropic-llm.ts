import { MissingApiKeyError } from '../../errors/missing-api-key-error.js';
import type { LlmResponse } from '../../events/llm-response.js';
import { checkAdapterHttpOptions, checkPositiveInteger } from '../adapter-options.js';
import { BaseLlm, type BaseLlmOptions } from '../base-llm.js';
import { LazyConnection } from '../lazy-connection.js';
import type { LlmRequest } from '../llm-request.js';
import {
  loadAnthropicClass,
  PROVIDER,
  type AnthropicConnection,
  type AnthropicMessagesClient,
} from './anthropic-client.js';

/** `max_tokens` when neither the request nor the model sets one (Python `AnthropicLlm.max_tokens`). */
const DEFAULT_MAX_TOKENS = 8192;

/** The environment variable the API key is read from. */
const API_KEY_VARIABLE = 'ANTHROPIC_API_KEY';

/** Options of `new AnthropicLlm(...)`. */
export interface AnthropicLlmOptions extends BaseLlmOptions {
  /** The Claude model, e.g. `claude-sonnet-4-5`; an `anthropic/` prefix is removed before sending. */
  model: string;
  /** The API key; default `ANTHROPIC_API_KEY`, read at the first call. */
  apiKey?: string;
  /** The API's base URL; default `ANTHROPIC_BASE_URL` (read by the SDK), else `https://api.anthropic.com`. */
  baseUrl?: string;
  /** Headers added to every request. */
  headers?: Record<string, string>;
  /** Retries of 408, 409, 429 and 5xx answers and connection failures, with the SDK's backoff; default 2. */
  maxRetries?: number;
  /** Time limit of one HTTP attempt in milliseconds; default the SDK's (10 minutes). */
  timeoutMs?: number;
  /** `max_tokens` when the request's `maxOutputTokens` is not set; default 8192 (as Python). */
  maxTokens?: number;
  /**
   * A client to use instead of one built from the options above: an
   * `Anthropic` instance configured by the caller, or one of the SDK's
   * Bedrock or Vertex clients. The key options are then not needed.
   */
  client?: AnthropicMessagesClient;
}

/**
 * Claude through Anthropic's Messages API and the official
 * `@anthropic-ai/sdk` client (Python `google.adk.models.anthropic_llm.AnthropicLlm`).
 *
 * - Serves `claude-.*` and `anthropic/.*` model names.
 * - Nothing is loaded or checked when it is built: the SDK is imported,
 *   the key read (option, else `ANTHROPIC_API_KEY`; `MissingApiKeyError`
 *   when there is none) and the client built at the first call, then
 *   reused.
 * - The request is converted by `buildMessageCreateParams`; function-call
 *   ids reach Claude (`pairsFunctionCallsById`), which pairs tool results
 *   with calls by id.
 * - Without `stream`: one complete response. With `stream`: a partial
 *   response per text or thinking delta, then the aggregated final one
 *   (`AnthropicStreamAggregator`). Tool calls appear only complete, in the
 *   final response.
 * - Retries are the SDK's (`maxRetries`); the abort signal is passed to
 *   each HTTP request, and an aborted call throws the signal's reason and
 *   yields no final response. Failures become `ModelApiError`
 *   (`toModelError`); nothing is logged.
 */
export class AnthropicLlm extends BaseLlm {
  static override readonly supportedModels: readonly (string | RegExp)[] = [
    'claude-.*',
    'anthropic/.*',
  ];

  /** Claude pairs `tool_result` blocks with `tool_use` blocks by id, so ids are kept in the history. */
  readonly pairsFunctionCallsById = true;
  /** `max_tokens` when the request does not set `maxOutputTokens`. */
  readonly maxTokens: number;

  private readonly apiKey: string | undefined;
  private readonly baseUrl: string | undefined;
  private readonly headers: Record<string, string> | undefined;
  private readonly maxRetries: number | undefined;
  private readonly timeoutMs: number | undefined;
  private readonly client: AnthropicMessagesClient | undefined;
  private readonly connection = new LazyConnection(() => this.createConnection());

  constructor({
    model,
    apiKey,
    baseUrl,
    headers,
    maxRetries,
    timeoutMs,
    maxTokens,
    client,
  }: AnthropicLlmOptions) {
    super({ model });
    checkAdapterHttpOptions({ maxRetries, timeoutMs });
    checkPositiveInteger(maxTokens, 'maxTokens');
    this.apiKey = apiKey;
    this.baseUrl = baseUrl;
    this.headers = headers === undefined ? undefined : { ...headers };
    this.maxRetries = maxRetries;
    this.timeoutMs = timeoutMs;
    this.maxTokens = maxTokens ?? DEFAULT_MAX_TOKENS;
    this.client = client;
  }

  override async *generateContentAsync(
    request: LlmRequest,
    stream = false,
    abortSignal?: AbortSignal,
  ): AsyncGenerator<LlmResponse, void> {
    abortSignal?.throwIfAborted();
    // The conversions load at the first call: an app on another model never needs them.
    const { generateClaudeContent } = await import('./claude-call.js');
    yield* generateClaudeContent({
      request,
      model: this.model,
      maxTokens: this.maxTokens,
      stream,
      abortSignal,
      connection: this.connection,
    });
  }

  private async createConnection(): Promise<AnthropicConnection> {
    const apiKey = this.apiKey || process.env[API_KEY_VARIABLE] || undefined;
    if (this.client) return { client: this.client, apiKey };
    if (!apiKey) {
      throw new MissingApiKeyError({
        provider: PROVIDER,
        environmentVariables: [API_KEY_VARIABLE],
      });
    }
    const Anthropic = await loadAnthropicClass();
    const client = new Anthropic({
      apiKey,
      baseURL: this.baseUrl,
      maxRetries: this.maxRetries,
      timeout: this.timeoutMs,
      defaultHeaders: this.headers,
      logLevel: 'off',
    });
    return { client, apiKey };
  }
}
