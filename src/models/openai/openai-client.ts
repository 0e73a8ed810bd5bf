import type { ChatCompletionCreateParams } from './chat-completions-api.js';
import { optionalSdkLoader } from '../optional-sdk-loader.js';

/** An `OpenAILlm`'s connection: its client and the API key it was made with (for error messages). */
export interface OpenAIConnection {
  client: OpenAIChatClient;
  apiKey: string | undefined;
}

/** Per-request options the adapter passes to the client. */
export interface OpenAIRequestOptions {
  /** Cancels the HTTP request (and any retry wait) when it fires. */
  signal?: AbortSignal;
}

/**
 * The part of the `openai` SDK's `OpenAI` client the adapter uses:
 * `chat.completions.create(body, options)`, which resolves to the chat
 * completion, or with `stream: true` to an async iterable of the parsed
 * chunks. An `OpenAI` instance (or `AzureOpenAI`) satisfies it, so a
 * client configured by the caller can be passed in.
 */
export interface OpenAIChatClient {
  chat: {
    completions: {
      /**
       * Sends a `ChatCompletionCreateParams` body. Typed `never` so that the
       * SDK's overloaded, more precisely typed method satisfies it; the
       * adapter passes a body built by `buildChatCompletionParams`.
       */
      create(body: never, options?: OpenAIRequestOptions): PromiseLike<unknown>;
    };
  };
}

/** Sends `body` through `client` (see `OpenAIChatClient`). */
export function createChatCompletion(
  client: OpenAIChatClient,
  body: ChatCompletionCreateParams,
  options: OpenAIRequestOptions | undefined,
): PromiseLike<unknown> {
  return client.chat.completions.create(body as never, options);
}

/** The options the adapter gives the SDK's client constructor. */
export interface OpenAIClientSettings {
  apiKey: string;
  baseURL: string | undefined;
  organization: string | undefined;
  project: string | undefined;
  maxRetries: number | undefined;
  timeout: number | undefined;
  defaultHeaders: Record<string, string> | undefined;
  /** Always `off`: the SDK's debug log (or `OPENAI_LOG`) would print requests. */
  logLevel: 'off';
}

type OpenAIConstructor = new (settings: OpenAIClientSettings) => OpenAIChatClient;

const PACKAGE_NAME = 'openai';

/**
 * The SDK's `OpenAI` class, imported on first use so that loading this
 * package does not load the SDK. Throws `MissingDependencyError` naming
 * `openai` when it is not installed.
 */
export const loadOpenAIClass: () => Promise<OpenAIConstructor> = optionalSdkLoader({
  packageName: PACKAGE_NAME,
  feature: 'OpenAILlm',
  load: () => import('openai').then((module) => module.default as unknown as OpenAIConstructor),
  mentionedAs: `'${PACKAGE_NAME}'`,
});
