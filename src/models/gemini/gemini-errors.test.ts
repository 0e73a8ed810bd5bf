import { afterEach, describe, expect, it } from 'vitest';
import {
  candidateResponse,
  FakeGeminiServer,
  sseFrame,
  streamChunks,
  type GeminiReplier,
} from '../../../test/providers/gemini-server.js';
import { ModelApiError } from '../../errors/model-api-error.js';
import type { LlmResponse } from '../../events/llm-response.js';
import { createLlmRequest, type LlmRequest } from '../llm-request.js';
import { Gemini } from './gemini.js';
import type { GeminiOptions } from './gemini-options.js';

/*
 * Gemini's failures and limits (issue 4 §5, "Tests": 400, 429 then success,
 * 500, malformed stream, abort): provider errors become ModelApiError with
 * the HTTP status and Google's error status, retries are the SDK's, an
 * abort cancels the HTTP request and yields no final response, and the key
 * never appears in an error.
 */

let server: FakeGeminiServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(...replies: GeminiReplier[]): Promise<FakeGeminiServer> {
  server = await FakeGeminiServer.start({ replies });
  return server;
}

function gemini(target: FakeGeminiServer, options: GeminiOptions = {}): Gemini {
  return new Gemini({
    model: 'gemini-2.5-flash',
    apiKey: target.apiKey,
    baseUrl: target.url,
    maxRetries: 0,
    ...options,
  });
}

/** Retries without the SDK's one-second base delay, to keep the tests fast. */
const fastRetries = { attempts: 3, initialDelay: 0.01, maxDelay: 0.02, jitter: 0 };

function ask(text = 'Weather in Paris?'): LlmRequest {
  return createLlmRequest({ contents: [{ role: 'user', parts: [{ text }] }] });
}

async function collect(responses: AsyncGenerator<LlmResponse, void>): Promise<LlmResponse[]> {
  const all: LlmResponse[] = [];
  for await (const response of responses) all.push(response);
  return all;
}

async function failure(responses: AsyncGenerator<LlmResponse, void>): Promise<unknown> {
  try {
    await collect(responses);
  } catch (error) {
    return error;
  }
  throw new Error('The call did not fail.');
}

async function eventually(check: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200 && !check(); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(check()).toBe(true);
}

const sunny: GeminiReplier = {
  kind: 'response',
  body: candidateResponse({ parts: [{ text: 'Sunny.' }] }),
};

describe('Gemini errors: HTTP answers', () => {
  it('400: ModelApiError with status 400, INVALID_ARGUMENT and the API’s message; not retried', async () => {
    const target = await start({
      kind: 'error',
      status: 400,
      message: '* GenerateContentRequest.generation_config.temperature: must be in [0, 2]',
    });

    const error = await failure(
      gemini(target, { retryOptions: fastRetries }).generateContentAsync(ask()),
    );

    expect(ModelApiError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      provider: 'gemini',
      model: 'gemini-2.5-flash',
      status: 400,
      code: 'INVALID_ARGUMENT',
      retryable: false,
    });
    expect((error as Error).message).toBe(
      'gemini gemini-2.5-flash HTTP 400: * GenerateContentRequest.generation_config.temperature: must be in [0, 2]',
    );
    expect(target.requests).toHaveLength(1);
  });

  it('429 then success: the SDK retries and the call answers', async () => {
    const target = await start(
      { kind: 'error', status: 429, message: 'Resource has been exhausted (e.g. check quota).' },
      sunny,
    );

    const responses = await collect(
      gemini(target, { retryOptions: fastRetries }).generateContentAsync(ask()),
    );

    expect(responses.map((response) => response.content?.parts?.[0]?.text)).toEqual(['Sunny.']);
    expect(target.requests).toHaveLength(2);
  });

  it('maxRetries sets the SDK’s attempts: 503 then success with maxRetries 1', async () => {
    const target = await start({ kind: 'error', status: 503, message: 'Overloaded.' }, sunny);

    const responses = await collect(gemini(target, { maxRetries: 1 }).generateContentAsync(ask()));

    expect(responses[0]?.content?.parts).toEqual([{ text: 'Sunny.' }]);
    expect(target.requests).toHaveLength(2);
  });

  it('429 on every attempt: RESOURCE_EXHAUSTED, retryable, with where to read about quotas', async () => {
    server = await FakeGeminiServer.start({
      fallback: { kind: 'error', status: 429, message: 'Quota exceeded.' },
    });

    const error = await failure(
      gemini(server, { retryOptions: fastRetries }).generateContentAsync(ask(), true),
    );

    expect(error).toMatchObject({ status: 429, code: 'RESOURCE_EXHAUSTED', retryable: true });
    expect((error as Error).message).toContain('Quota exceeded.');
    expect((error as Error).message).toContain('#error-code-429-resource_exhausted');
    expect(server.requests).toHaveLength(3);
  });

  it('500 on every attempt: ModelApiError 500 INTERNAL after the configured attempts', async () => {
    server = await FakeGeminiServer.start({
      fallback: { kind: 'error', status: 500, message: 'An internal error has occurred.' },
    });

    const error = await failure(
      gemini(server, { retryOptions: fastRetries }).generateContentAsync(ask()),
    );

    expect(error).toMatchObject({ provider: 'gemini', status: 500, code: 'INTERNAL' });
    expect(server.requests).toHaveLength(3);
  });

  it('an error body that is not JSON keeps its text as the message', async () => {
    const target = await start({
      kind: 'raw',
      status: 502,
      contentType: 'text/html',
      body: '<html>Bad Gateway</html>',
    });

    const error = await failure(gemini(target).generateContentAsync(ask()));

    expect(error).toMatchObject({ status: 502 });
    expect((error as Error).message).toContain('<html>Bad Gateway</html>');
  });

  it('never puts the API key in an error, even when the server repeats it', async () => {
    const target = await start({
      kind: 'error',
      status: 400,
      message: 'API key not valid: test-gemini-key',
    });

    const error = await failure(gemini(target).generateContentAsync(ask()));

    expect((error as Error).message).toContain('API key not valid: [redacted]');
    expect((error as Error).message).not.toContain(target.apiKey);
    expect((error as Error).cause).toBeUndefined();
  });

  it('a refused connection: ModelApiError without status', async () => {
    const target = await start();
    const model = gemini(target);
    await target.close();
    server = undefined;

    const error = await failure(model.generateContentAsync(ask()));

    expect(ModelApiError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: undefined, retryable: true });
    expect((error as Error).message).toMatch(/fetch failed \(ECONNREFUSED\)/);
  });

  it('a request that outlasts timeoutMs fails with ModelApiError', async () => {
    const target = await start({ kind: 'hang' });

    const error = await failure(gemini(target, { timeoutMs: 100 }).generateContentAsync(ask()));

    expect(ModelApiError.isInstance(error)).toBe(true);
    expect(target.requests[0]?.headers['x-server-timeout']).toBe('1');
  });
});

describe('Gemini errors: broken streams', () => {
  const good = streamChunks(candidateResponse({ parts: [{ text: 'Sunny in Paris.' }] }));

  it('a chunk that is not JSON: the partials before it, then ModelApiError malformed_response', async () => {
    const target = await start({
      kind: 'chunks',
      chunks: [good[0], 'data: {"candidates": [\r\n\r\n'],
    });
    const seen: LlmResponse[] = [];

    let error: unknown;
    try {
      for await (const response of gemini(target).generateContentAsync(ask(), true)) {
        seen.push(response);
      }
    } catch (caught) {
      error = caught;
    }

    expect(seen).toHaveLength(1);
    expect(seen[0]?.partial).toBe(true);
    expect(error).toMatchObject({ provider: 'gemini', code: 'malformed_response' });
    expect((error as Error).message).toBe(
      'gemini gemini-2.5-flash: Malformed response from the Gemini API: a streamed chunk is not complete JSON.',
    );
  });

  it('a non-streamed body that is not JSON: malformed_response that says it was the body', async () => {
    const target = await start({
      kind: 'raw',
      status: 200,
      contentType: 'application/json',
      body: '{"candidates": [{"content"',
    });

    const error = await failure(gemini(target).generateContentAsync(ask(), false));

    expect(ModelApiError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ provider: 'gemini', code: 'malformed_response' });
    expect((error as Error).message).toBe(
      'gemini gemini-2.5-flash: Malformed response from the Gemini API: the response body is not valid JSON.',
    );
  });

  it('a stream that stops inside a chunk: ModelApiError malformed_response', async () => {
    const target = await start({
      kind: 'raw',
      status: 200,
      contentType: 'text/event-stream',
      body: `${sseFrame(good[0])}data: {"candidates": [{"content"`,
    });

    const error = await failure(gemini(target).generateContentAsync(ask(), true));

    expect(error).toMatchObject({ code: 'malformed_response' });
  });

  it('an error chunk in the stream: ModelApiError with its code and status', async () => {
    const target = await start({
      kind: 'chunks',
      chunks: [
        good[0],
        { error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } },
      ],
    });

    const error = await failure(gemini(target).generateContentAsync(ask(), true));

    expect(error).toMatchObject({ status: 503, code: 'UNAVAILABLE' });
    expect((error as Error).message).toContain('The model is overloaded.');
  });

  it('a stream without any chunk: ModelApiError empty_response, never a silent end', async () => {
    const target = await start({ kind: 'chunks', chunks: [] });

    const error = await failure(gemini(target).generateContentAsync(ask(), true));

    expect(error).toMatchObject({ code: 'empty_response' });
  });
});

describe('Gemini: abort', () => {
  it('an aborted signal stops the call before any request', async () => {
    const target = await start(sunny);
    const controller = new AbortController();
    controller.abort(new Error('user left'));

    const error = await failure(
      gemini(target).generateContentAsync(ask(), false, controller.signal),
    );

    expect((error as Error).message).toBe('user left');
    expect(target.requests).toHaveLength(0);
  });

  it('aborting a pending request rejects with the signal’s reason and closes the connection', async () => {
    const target = await start({ kind: 'hang' });
    const controller = new AbortController();

    const pending = failure(gemini(target).generateContentAsync(ask(), false, controller.signal));
    await target.waitForRequests(1);
    controller.abort();
    const error = await pending;

    expect((error as Error).name).toBe('AbortError');
    await eventually(() => target.closedEarly === 1);
  });

  it('aborting mid-stream throws after the partials already yielded, with no final response', async () => {
    const chunks = streamChunks(
      candidateResponse({ parts: [{ text: 'Sunny in Paris today.' }] }),
      3,
    );
    const target = await start({ kind: 'chunks', chunks: chunks.slice(0, 1), hold: true });
    const controller = new AbortController();
    const seen: LlmResponse[] = [];

    let error: unknown;
    try {
      for await (const response of gemini(target).generateContentAsync(
        ask(),
        true,
        controller.signal,
      )) {
        seen.push(response);
        controller.abort(new Error('stop'));
      }
    } catch (caught) {
      error = caught;
    }

    expect((error as Error).message).toBe('stop');
    expect(seen.map((response) => response.partial)).toEqual([true]);
    await eventually(() => target.closedEarly === 1);
  });

  it('aborting while the SDK waits to retry rejects at once, without another attempt', async () => {
    const target = await start({ kind: 'error', status: 503, message: 'Overloaded.' }, sunny);
    const controller = new AbortController();
    const model = gemini(target, { retryOptions: { attempts: 3, initialDelay: 30, jitter: 0 } });

    const started = Date.now();
    const pending = failure(model.generateContentAsync(ask(), false, controller.signal));
    await target.waitForRequests(1);
    controller.abort(new Error('cancelled'));
    const error = await pending;

    expect((error as Error).message).toBe('cancelled');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(target.requests).toHaveLength(1);
  });

  it('a consumer that stops reading a stream early closes its HTTP request', async () => {
    const chunks = streamChunks(
      candidateResponse({ parts: [{ text: 'Sunny in Paris today.' }] }),
      3,
    );
    const target = await start({ kind: 'chunks', chunks: chunks.slice(0, 2), hold: true });

    for await (const response of gemini(target).generateContentAsync(ask(), true)) {
      expect(response.partial).toBe(true);
      break;
    }

    await eventually(() => target.closedEarly === 1);
  });
});
