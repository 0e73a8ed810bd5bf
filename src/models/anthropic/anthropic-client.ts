import type { MessageCreateParams } from './messages-api.js';
import { optionalSdkLoader } from '../optional-sdk-loader.js';

/** The provider name on errors and in messages. */
export const PROVIDER = 'anthropic';

/** An `AnthropicLlm`'s connection: its client and the API key it was made with (for error messages). */
export interface AnthropicConnection {
  client: AnthropicMessagesClient;
  apiKey: string | undefined;
}

/** Per-request options the adapter passes to the client. */
export interface AnthropicRequestOptions {
  /** Cancels the HTTP request (and any retry wait) when it fires. */
  signal?: AbortSignal;
}

/**
 * The part of `@anthropic-ai/sdk`'s `Anthropic` client the adapter uses:
 * `messages.create(body, options)`, which resolves to the message, or with
 * `stream: true` to an async iterable of the parsed server-sent events. An
 * `Anthropic` instance satisfies it, so a pre-configured client (another
 * base URL, a proxy `fetch`, Bedrock or Vertex clients) can be passed in.
 */
export interface AnthropicMessagesClient {
  messages: {
    /**
     * Sends a `MessageCreateParams` body. Typed `never` so that the SDK's
     * overloaded, more precisely typed method satisfies it; the adapter
     * passes a body it built with `buildMessageCreateParams`.
     */
    create(body: never, options?: AnthropicRequestOptions): PromiseLike<unknown>;
  };
}

/** Sends `body` through `client` (see `AnthropicMessagesClient`). */
export function createMessage(
  client: AnthropicMessagesClient,
  body: MessageCreateParams,
  options: AnthropicRequestOptions | undefined,
): PromiseLike<unknown> {
  return client.messages.create(body as never, options);
}

/** The options the adapter gives the SDK's client constructor. */
export interface AnthropicClientSettings {
  apiKey: string;
  baseURL: string | undefined;
  maxRetries: number | undefined;
  timeout: number | undefined;
  defaultHeaders: Record<string, string> | undefined;
  /** Always `off`: the SDK's debug log would print requests. */
  logLevel: 'off';
}

type AnthropicConstructor = new (settings: AnthropicClientSettings) => AnthropicMessagesClient;

const PACKAGE_NAME = '@anthropic-ai/sdk';

/**
 * The SDK's `Anthropic` class, imported on first use so that loading this
 * package does not load the SDK. Throws `MissingDependencyError` naming
 * `@anthropic-ai/sdk` when it is not installed.
 */
export const loadAnthropicClass: () => Promise<AnthropicConstructor> = optionalSdkLoader({
  packageName: PACKAGE_NAME,
  feature: 'AnthropicLlm',
  load: () =>
    import('@anthropic-ai/sdk').then((module) => module.default as unknown as AnthropicConstructor),
});
