import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { NotSupportedError } from '../../errors/not-supported-error.js';
import type { LlmResponse } from '../../events/llm-response.js';
import { checkAdapterHttpOptions } from '../adapter-options.js';
import type { BaseLlmConnection } from '../base-llm-connection.js';
import { BaseLlm, type BaseLlmOptions } from '../base-llm.js';
import { LazyConnection } from '../lazy-connection.js';
import type { LlmRequest } from '../llm-request.js';
import { loadOpenAIClass, type OpenAIChatClient, type OpenAIConnection } from './openai-client.js';
import type { RealtimeCapableClient } from './realtime-connect.js';
import type { RealtimeSocketOptions } from './realtime-socket-options.js';
import {
  OPENAI_PROVIDER,
  resolveEndpoint,
  resolveModelName,
  type MaxTokensField,
  type OpenAIProvider,
} from './provider-prefixes.js';

/** The model transcribing the user's audio in live sessions when none is configured. */
const DEFAULT_REALTIME_TRANSCRIPTION_MODEL = 'gpt-4o-mini-transcribe';

/** Options of `new OpenAILlm(...)`. */
export interface OpenAILlmOptions extends BaseLlmOptions {
  /**
   * The model: an OpenAI name (`gpt-4o`, `o3-mini`) or one with a provider
   * prefix (`openai/…`, `ollama/…`, `ollama_chat/…`, `vllm/…`,
   * `lm_studio/…`), which picks the server's defaults and is removed
   * before sending.
   */
  model: string;
  /**
   * The API key. Default: the provider's variable (`OPENAI_API_KEY`,
   * `OLLAMA_API_KEY`, `VLLM_API_KEY`, `LM_STUDIO_API_KEY`), read at the
   * first call; required for OpenAI, a placeholder for the others.
   */
  apiKey?: string;
  /**
   * The API's base URL, e.g. a LiteLLM proxy's. Default: the provider's
   * variable (`OPENAI_BASE_URL`, `OLLAMA_API_BASE` + `/v1`,
   * `VLLM_API_BASE` (required for `vllm/`), `LM_STUDIO_API_BASE`), else
   * its usual address (`https://api.openai.com/v1`,
   * `http://localhost:11434/v1`, `http://localhost:1234/v1`).
   */
  baseUrl?: string;
  /** Headers added to every request. */
  headers?: Record<string, string>;
  /** Retries of 408, 409, 429 and 5xx answers and connection failures, with the SDK's backoff; default 2. */
  maxRetries?: number;
  /** Time limit of one HTTP attempt in milliseconds; default the SDK's (10 minutes). */
  timeoutMs?: number;
  /** The OpenAI organization (`OpenAI-Organization` header); default `OPENAI_ORG_ID`, read by the SDK. */
  organization?: string;
  /** The OpenAI project (`OpenAI-Project` header); default `OPENAI_PROJECT_ID`, read by the SDK. */
  project?: string;
  /**
   * The field `maxOutputTokens` is sent as. Default: `max_completion_tokens`
   * for OpenAI (its reasoning models reject `max_tokens`), `max_tokens` for
   * Ollama, vLLM and LM Studio.
   */
  maxTokensField?: MaxTokensField;
  /**
   * Fields added to every request body (e.g. `{user: 'ada'}`, a server's
   * own sampling options). The adapter's own fields take precedence.
   */
  extraBody?: Record<string, unknown>;
  /**
   * A client to use instead of one built from the options above: an
   * `OpenAI` or `AzureOpenAI` instance configured by the caller. The key
   * and address options are then not needed.
   */
  client?: OpenAIChatClient;
  /**
   * Live sessions: the model that transcribes the user's audio when the
   * run asks for input transcription; default `gpt-4o-mini-transcribe`.
   */
  transcriptionModel?: string;
  /** Live sessions: options of the Realtime WebSocket (a CA to trust, headers, a handshake limit). */
  realtimeSocketOptions?: RealtimeSocketOptions;
}

/**
 * Models behind an OpenAI-compatible Chat Completions API, through the
 * official `openai` client: OpenAI itself, Ollama, vLLM, LM Studio and a
 * LiteLLM proxy (Python reaches these through `LiteLlm`).
 *
 * - Serves `gpt-.*`, `o1`, `o1-.*`, `o3`, `o3-.*`, `o4-.*`, `chatgpt-.*`
 *   and the prefixes `openai/`, `ollama/`, `ollama_chat/`, `vllm/`,
 *   `lm_studio/` (see `resolveModelName` and `resolveEndpoint` for what a
 *   prefix selects).
 * - Nothing is loaded or checked when it is built: the SDK is imported,
 *   the address and key resolved (`MissingApiKeyError` for OpenAI without
 *   a key, `MissingBaseUrlError` for vLLM without an address) and the
 *   client built at the first call, then reused.
 * - The request is converted by `buildChatCompletionParams`; function-call
 *   ids reach the API (`pairsFunctionCallsById`), which pairs tool results
 *   with calls by `tool_call_id`.
 * - Without `stream`: one complete response. With `stream`: the body asks
 *   for `stream: true` and `stream_options: {include_usage: true}`; a
 *   partial response per text or reasoning delta, then the aggregated final
 *   one (`OpenAIStreamAggregator`). Tool calls appear only complete, in the
 *   final response.
 * - Retries are the SDK's (`maxRetries`); the abort signal is passed to
 *   each HTTP request, and an aborted call throws the signal's reason and
 *   yields no final response. Failures become `ModelApiError`
 *   (`toModelError`); nothing is logged (the SDK's logger is off).
 * - `connect` opens a live session on the OpenAI Realtime API (OpenAI
 *   only), so a live agent runs on `gpt-realtime` as on Gemini Live.
 */
export class OpenAILlm extends BaseLlm {
  static override readonly supportedModels: readonly (string | RegExp)[] = [
    'gpt-.*',
    'o1',
    'o1-.*',
    'o3',
    'o3-.*',
    'o4-.*',
    'chatgpt-.*',
    'openai/.*',
    'ollama/.*',
    'ollama_chat/.*',
    'vllm/.*',
    'lm_studio/.*',
  ];

  /** Chat Completions pairs tool results with calls by id, so ids are kept in the history. */
  readonly pairsFunctionCallsById = true;
  /** The provider the model name's prefix selects (OpenAI when it has none). */
  readonly provider: OpenAIProvider;

  private readonly apiKey: string | undefined;
  private readonly baseUrl: string | undefined;
  private readonly headers: Record<string, string> | undefined;
  private readonly maxRetries: number | undefined;
  private readonly timeoutMs: number | undefined;
  private readonly organization: string | undefined;
  private readonly project: string | undefined;
  private readonly maxTokensField: MaxTokensField;
  private readonly extraBody: Record<string, unknown> | undefined;
  private readonly client: OpenAIChatClient | undefined;
  private readonly transcriptionModel: string;
  private readonly realtimeSocketOptions: RealtimeSocketOptions | undefined;
  private readonly connection = new LazyConnection(() => this.createConnection());

  constructor({
    model,
    apiKey,
    baseUrl,
    headers,
    maxRetries,
    timeoutMs,
    organization,
    project,
    maxTokensField,
    extraBody,
    client,
    transcriptionModel,
    realtimeSocketOptions,
  }: OpenAILlmOptions) {
    super({ model });
    checkAdapterHttpOptions({ maxRetries, timeoutMs });
    if (
      maxTokensField !== undefined &&
      maxTokensField !== 'max_tokens' &&
      maxTokensField !== 'max_completion_tokens'
    ) {
      throw new InvalidArgumentError({
        message: 'maxTokensField must be max_completion_tokens or max_tokens.',
        argument: 'maxTokensField',
      });
    }
    this.provider = resolveModelName(model).provider;
    this.apiKey = apiKey;
    this.baseUrl = baseUrl;
    this.headers = headers === undefined ? undefined : { ...headers };
    this.maxRetries = maxRetries;
    this.timeoutMs = timeoutMs;
    this.organization = organization;
    this.project = project;
    this.maxTokensField = maxTokensField ?? this.provider.maxTokensField;
    this.extraBody = extraBody === undefined ? undefined : { ...extraBody };
    this.client = client;
    this.transcriptionModel = transcriptionModel ?? DEFAULT_REALTIME_TRANSCRIPTION_MODEL;
    this.realtimeSocketOptions = realtimeSocketOptions;
  }

  override async *generateContentAsync(
    request: LlmRequest,
    stream = false,
    abortSignal?: AbortSignal,
  ): AsyncGenerator<LlmResponse, void> {
    abortSignal?.throwIfAborted();
    // The conversions load at the first call: an app on another model never needs them.
    const { generateChatCompletionContent } = await import('./chat-completion-call.js');
    yield* generateChatCompletionContent({
      request,
      model: this.model,
      maxTokensField: this.maxTokensField,
      sendsTopK: this.provider.sendsTopK,
      extraBody: this.extraBody,
      stream,
      abortSignal,
      connection: this.connection,
    });
  }

  /**
   * Opens a live session on the OpenAI Realtime API through the `openai`
   * client's Realtime WebSocket (`{baseUrl}/realtime`, always `wss:`) and
   * returns it as an `OpenAIRealtimeConnection`, configured from the
   * request (`realtimeSessionOf`). The model name goes without its
   * `openai/` prefix. Throws `NotSupportedError` for the other providers
   * (Ollama, vLLM, LM Studio have no Realtime API) and for a passed-in
   * client without `apiKey` and `baseURL`, `MissingApiKeyError` without a
   * key, and `ModelApiError` when the session cannot be opened.
   */
  override async connect(request: LlmRequest): Promise<BaseLlmConnection> {
    if (this.provider !== OPENAI_PROVIDER) {
      throw new NotSupportedError({
        message: `Live sessions need the OpenAI Realtime API; ${this.provider.name} has none.`,
      });
    }
    const { client } = await this.connection.open();
    if (!isRealtimeCapable(client)) {
      throw new NotSupportedError({
        message: `The OpenAI client given for ${this.model} has no apiKey and baseURL for a Realtime session.`,
      });
    }
    const { openRealtimeConnection } = await import('./realtime-connect.js');
    return openRealtimeConnection({
      client,
      request,
      model: resolveModelName(request.model ?? this.model).modelName,
      transcriptionModel: this.transcriptionModel,
      socketOptions: this.realtimeSocketOptions,
    });
  }

  private async createConnection(): Promise<OpenAIConnection> {
    if (this.client) return { client: this.client, apiKey: this.apiKey };
    const endpoint = resolveEndpoint(this.provider, {
      baseUrl: this.baseUrl,
      apiKey: this.apiKey,
    });
    const OpenAI = await loadOpenAIClass();
    const client = new OpenAI({
      apiKey: endpoint.apiKey,
      baseURL: endpoint.baseUrl,
      organization: this.organization,
      project: this.project,
      maxRetries: this.maxRetries,
      timeout: this.timeoutMs,
      defaultHeaders: this.headers,
      logLevel: 'off',
    });
    return { client, apiKey: endpoint.apiKey };
  }
}

function isRealtimeCapable(
  client: OpenAIChatClient,
): client is OpenAIChatClient & RealtimeCapableClient {
  const fields = client as Partial<Record<keyof RealtimeCapableClient, unknown>>;
  return typeof fields.apiKey === 'string' && typeof fields.baseURL === 'string';
}
