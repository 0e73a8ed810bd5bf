import { afterEach, describe, expect, it } from 'vitest';
import { LiveConnectionClosedError } from '../../errors/live-connection-closed-error.js';
import { ModelApiError } from '../../errors/model-api-error.js';
import type { BaseLlmConnection } from '../base-llm-connection.js';
import { createLlmRequest } from '../llm-request.js';
import { Gemini } from './gemini.js';
import { LocalLiveServer, type LiveServerRule } from './gemini-live-test-fixtures.js';

const MODEL = 'gemini-live-2.5-flash-preview';

let server: LocalLiveServer | undefined;
let connection: BaseLlmConnection | undefined;

afterEach(async () => {
  await connection?.close();
  await server?.close();
  connection = undefined;
  server = undefined;
});

function gemini(url: string): Gemini {
  return new Gemini({ model: MODEL, apiKey: 'live-test-key', baseUrl: url, maxRetries: 0 });
}

/** Sends one question and reads the first turn until it fails; returns the failure. */
async function failureOfTurn(rules: LiveServerRule[]): Promise<unknown> {
  server = await LocalLiveServer.start(rules);
  connection = await gemini(server.url).connect(createLlmRequest({ model: MODEL }));
  await connection.sendContent({ role: 'user', parts: [{ text: 'Hi' }] });
  try {
    for await (const _ of connection.receive()) {
      // The responses before the close do not matter here.
    }
  } catch (error) {
    return error;
  }
  return undefined;
}

const asked = (frame: Record<string, unknown>) => 'clientContent' in frame;

describe('GeminiLlmConnection: how the socket ended (adk-python raises the websocket close)', () => {
  it('a dropped socket fails receive() with LiveConnectionClosedError, close code 1006', async () => {
    const error = await failureOfTurn([{ when: asked, reply: [], drop: true }]);
    expect(LiveConnectionClosedError.isInstance(error)).toBe(true);
    expect(ModelApiError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ closeCode: 1006, code: 'live_connection_closed' });
  });

  it('a normal close the client did not ask for (the server ended the session) fails too, code 1000', async () => {
    const error = await failureOfTurn([{ when: asked, reply: [], closeWith: 1000 }]);
    expect(LiveConnectionClosedError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ closeCode: 1000 });
  });

  it('a server error close keeps its code (1011)', async () => {
    const error = await failureOfTurn([{ when: asked, reply: [], closeWith: 1011 }]);
    expect(error).toMatchObject({ closeCode: 1011 });
  });

  it('a refused setup fails connect with LiveConnectionClosedError and the close code', async () => {
    server = await LocalLiveServer.start([], { refuseSetup: 1008 });
    const error: unknown = await gemini(server.url)
      .connect(createLlmRequest({ model: MODEL }))
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );
    expect(LiveConnectionClosedError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ closeCode: 1008, reason: 'setup refused' });
    expect((error as Error).message).toContain('before its setup completed');
  });

  it('Gemini.usesVertexAi tells the backend the live flow resumes on', async () => {
    expect(await gemini('http://127.0.0.1:9').usesVertexAi()).toBe(false);
    const vertex = new Gemini({ model: MODEL, vertexai: true, apiKey: 'k', maxRetries: 0 });
    expect(await vertex.usesVertexAi()).toBe(true);
  });
});
