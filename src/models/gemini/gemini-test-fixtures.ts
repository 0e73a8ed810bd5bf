import { afterEach, vi } from 'vitest';
import { FakeGeminiServer, type GeminiReplier } from '../../../test/providers/gemini-server.js';
import type { LlmResponse } from '../../events/llm-response.js';
import { createLlmRequest, type LlmRequest } from '../llm-request.js';
import { Gemini } from './gemini.js';
import type { GeminiOptions } from './gemini-options.js';
import { trackingHeaders } from './tracking-headers.js';

/*
 * Gemini against a local server speaking the Gemini API REST protocol, with
 * the official @google/genai client pointed at it (issue 4 §2, "Tests"):
 * paths, headers and bodies sent; unary and streamed answers; function
 * calls, thoughts and thought signatures; usage; finish reasons and blocked
 * prompts (spec 000 §5.3); Vertex AI configuration; credentials.
 * Shared by gemini-unary, -streaming, -wire-request and -configuration.test.ts.
 */

let server: FakeGeminiServer | undefined;

/**
 * Registers a hook that, after each test of the calling file, undoes vi.stubEnv and closes the
 * server start opened.
 */
export function useGeminiTestEnvironment(): void {
  afterEach(async () => {
    vi.unstubAllEnvs();
    await server?.close();
    server = undefined;
  });
}

/** Starts a fake Gemini API server answering with `replies`, closed after the current test. */
export async function start(...replies: GeminiReplier[]): Promise<FakeGeminiServer> {
  server = await FakeGeminiServer.start({ replies });
  return server;
}

/** A Gemini for gemini-2.5-flash that talks to `target`, without retries. */
export function gemini(target: FakeGeminiServer, options: GeminiOptions = {}): Gemini {
  return new Gemini({
    model: 'gemini-2.5-flash',
    apiKey: target.apiKey,
    baseUrl: target.url,
    maxRetries: 0,
    ...options,
  });
}

/** A request of one user text, with `fields`. */
export function ask(text: string, fields: Partial<LlmRequest> = {}): LlmRequest {
  return createLlmRequest({ contents: [{ role: 'user', parts: [{ text }] }], ...fields });
}

/** Every response of `responses`, in order. */
export async function collect(
  responses: AsyncGenerator<LlmResponse, void>,
): Promise<LlmResponse[]> {
  const all: LlmResponse[] = [];
  for await (const response of responses) all.push(response);
  return all;
}

/** Usage metadata as the server reports it. */
export const usage = {
  promptTokenCount: 31,
  candidatesTokenCount: 12,
  thoughtsTokenCount: 40,
  cachedContentTokenCount: 8,
  totalTokenCount: 83,
  promptTokensDetails: [{ modality: 'TEXT', tokenCount: 31 }],
};

/** The x-goog-api-client value this package sends. */
export const labels = trackingHeaders()['x-goog-api-client'];
