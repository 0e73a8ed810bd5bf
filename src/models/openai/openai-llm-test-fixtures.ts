import { afterEach, vi } from 'vitest';
import {
  FakeOpenAIServer,
  type FakeOpenAIServerOptions,
} from '../../../test/providers/openai-server.js';
import { createLlmRequest, type LlmRequest } from '../llm-request.js';
import { OpenAILlm, type OpenAILlmOptions } from './openai-llm.js';

/*
 * OpenAILlm against a local server speaking the Chat Completions API
 * (issue 4 §4 and "Tests"): non-streamed and streamed answers, streamed
 * tool calls, reasoning, usage accounting, finish reasons, provider
 * prefixes and their environment variables, lazy key resolution.
 * Shared by openai-llm-answers, -finish-reasons and -providers.test.ts.
 */

let server: FakeOpenAIServer | undefined;

/**
 * Registers a hook that, after each test of the calling file, undoes vi.stubEnv and closes the
 * server startServer opened.
 */
export function useOpenAITestEnvironment(): void {
  afterEach(async () => {
    vi.unstubAllEnvs();
    await server?.close();
    server = undefined;
  });
}

/** Starts a fake Chat Completions server, closed after the current test. */
export async function startServer(options: FakeOpenAIServerOptions): Promise<FakeOpenAIServer> {
  server = await FakeOpenAIServer.start(options);
  return server;
}

/** An OpenAILlm for gpt-4o that talks to `target`, without retries. */
export function gpt(target: FakeOpenAIServer, options: Partial<OpenAILlmOptions> = {}): OpenAILlm {
  return new OpenAILlm({
    model: 'gpt-4o',
    apiKey: target.apiKey ?? undefined,
    baseUrl: target.url,
    maxRetries: 0,
    ...options,
  });
}

/** A request of one user text `Hi`, with `fields`. */
export function request(fields: Partial<LlmRequest> = {}): LlmRequest {
  return createLlmRequest({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }], ...fields });
}
