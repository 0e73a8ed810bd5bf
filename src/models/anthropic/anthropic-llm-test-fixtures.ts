import { afterEach } from 'vitest';
import {
  FakeAnthropicServer,
  type FakeAnthropicServerOptions,
} from '../../../test/providers/anthropic-server.js';
import { restoreEnvironmentAfterEach } from '../../../test/providers/model-test-helpers.js';
import type { GenerateContentConfig } from '../../types/index.js';
import { createLlmRequest, type LlmRequest } from '../llm-request.js';
import { AnthropicLlm, type AnthropicLlmOptions } from './anthropic-llm.js';

/*
 * AnthropicLlm against a local server speaking the Messages API (issue 4
 * item 3 and "Tests"): request bodies, non-streamed and streamed answers
 * (text, tool calls, thinking), usage, finish reasons, options and keys.
 * Error mapping, retries and abort are in anthropic-llm-errors.test.ts.
 * Shared by anthropic-llm-answers, -requests and -construction.test.ts.
 */

/** The model name the tests ask for. */
export const MODEL = 'claude-sonnet-4-6';

let server: FakeAnthropicServer | undefined;

/**
 * Registers hooks that, after each test of the calling file, restore ANTHROPIC_API_KEY and
 * ANTHROPIC_BASE_URL and close the server startServer opened.
 */
export function useAnthropicTestEnvironment(): void {
  restoreEnvironmentAfterEach(['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL']);

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
}

/** Starts a fake Messages API server, closed after the current test. */
export async function startServer(
  options: FakeAnthropicServerOptions,
): Promise<FakeAnthropicServer> {
  server = await FakeAnthropicServer.start(options);
  return server;
}

/** An AnthropicLlm for MODEL that talks to `target`, without retries. */
export function claude(
  target: FakeAnthropicServer,
  options: Partial<AnthropicLlmOptions> = {},
): AnthropicLlm {
  return new AnthropicLlm({
    model: MODEL,
    apiKey: target.apiKey,
    baseUrl: target.url,
    maxRetries: 0,
    ...options,
  });
}

/** A request for `model` with one user text and `config`. */
export function userRequest(
  text: string,
  config: GenerateContentConfig = {},
  model = MODEL,
): LlmRequest {
  return createLlmRequest({ model, contents: [{ role: 'user', parts: [{ text }] }], config });
}
