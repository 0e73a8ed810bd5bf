import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { NotSupportedError } from '../errors/not-supported-error.js';
import { ModelApiError } from '../errors/model-api-error.js';
import type { LlmResponse } from '../events/llm-response.js';
import { createLlmRequest } from '../models/llm-request.js';
import type { BaseLlmConnection } from '../models/base-llm-connection.js';
import { functionCallResponse, textResponse } from './scripted-llm.js';
import { ScriptedLiveLlm } from './scripted-live-llm.js';

/** Reads `count` responses from a connection's receive stream. */
async function take(
  stream: AsyncGenerator<LlmResponse, void>,
  count: number,
): Promise<LlmResponse[]> {
  const taken: LlmResponse[] = [];
  while (taken.length < count) {
    const next = await stream.next();
    if (next.done) break;
    taken.push(next.value);
  }
  return taken;
}

async function drain(connection: BaseLlmConnection): Promise<LlmResponse[]> {
  const all: LlmResponse[] = [];
  for await (const response of connection.receive()) all.push(response);
  return all;
}

describe('ScriptedLiveLlm (issue 18 §4; adk-python models/base_llm_connection.py)', () => {
  it('records the connect request, the history, contents and realtime inputs, in order', async () => {
    const model = new ScriptedLiveLlm({ turns: [] });
    const request = createLlmRequest({
      model: 'scripted-live-llm',
      contents: [{ role: 'user', parts: [{ text: 'earlier' }] }],
    });
    const connection = await model.connect(request);
    await connection.sendHistory(request.contents);
    await connection.sendContent({ role: 'user', parts: [{ text: 'hello' }] });
    await connection.sendRealtime({ blob: { data: 'AAAA', mimeType: 'audio/pcm' } });
    await connection.sendRealtime({ activityStart: {} });
    await connection.sendRealtime({ activityEnd: {} });

    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]?.contents).toEqual(request.contents);
    const recorded = model.connections[0];
    expect(recorded?.sent.map((item) => item.kind)).toEqual([
      'history',
      'content',
      'realtime',
      'realtime',
      'realtime',
    ]);
    expect(recorded?.histories).toEqual([request.contents]);
    expect(recorded?.contents).toEqual([{ role: 'user', parts: [{ text: 'hello' }] }]);
    expect(recorded?.realtimeInputs).toEqual([
      { blob: { data: 'AAAA', mimeType: 'audio/pcm' } },
      { activityStart: {} },
      { activityEnd: {} },
    ]);
  });

  it('releases one scripted turn per send, stays silent after sendHistory, and ends a stream with its turn', async () => {
    const model = new ScriptedLiveLlm({
      turns: [
        [
          textResponse('Hel', { partial: true }),
          textResponse('lo', { partial: true }),
          { turnComplete: true },
        ],
        [functionCallResponse('get_weather', { city: 'Paris' }, 'call-1')],
        [textResponse('Sunny', { partial: true }), { turnComplete: true }],
      ],
    });
    const connection = await model.connect(createLlmRequest());
    const stream = connection.receive();
    await connection.sendHistory([{ role: 'user', parts: [{ text: 'before' }] }]);
    // The history released nothing: the first read waits for the content below.
    const firstRead = take(stream, 3);
    await connection.sendContent({ role: 'user', parts: [{ text: 'hi' }] });
    expect(await firstRead).toEqual([
      textResponse('Hel', { partial: true }),
      textResponse('lo', { partial: true }),
      { turnComplete: true },
    ]);
    // The turn is complete: that stream is over, the next turn is read from a new one.
    expect(await stream.next()).toEqual({ done: true, value: undefined });

    const next = connection.receive();
    await connection.sendRealtime({ blob: { data: 'AAAA', mimeType: 'audio/pcm' } });
    expect(await take(next, 1)).toEqual([
      functionCallResponse('get_weather', { city: 'Paris' }, 'call-1'),
    ]);

    await connection.sendContent({
      role: 'user',
      parts: [{ functionResponse: { id: 'call-1', name: 'get_weather', response: { r: 'sun' } } }],
    });
    expect(await take(next, 2)).toEqual([
      textResponse('Sunny', { partial: true }),
      { turnComplete: true },
    ]);
  });

  it('plays interrupted and transcription responses as scripted', async () => {
    const interrupted: LlmResponse = { interrupted: true };
    const transcribed: LlmResponse = {
      inputTranscription: { text: 'what time is it', finished: true },
      outputTranscription: { text: 'noon' },
    };
    const model = new ScriptedLiveLlm({ turns: [[transcribed, interrupted]] });
    const connection = await model.connect(createLlmRequest());
    await connection.sendRealtime({ activityEnd: {} });
    await connection.close();
    expect(await drain(connection)).toEqual([transcribed, interrupted]);
  });

  it('ends receive() on close, after the responses already released', async () => {
    const model = new ScriptedLiveLlm({
      turns: [[textResponse('one', { turnComplete: true })], [textResponse('two')]],
    });
    const connection = await model.connect(createLlmRequest());
    const received = drain(connection);
    await connection.sendContent({ role: 'user', parts: [{ text: 'a' }] });
    await connection.close();
    // A send after close is recorded but releases nothing.
    await connection.sendContent({ role: 'user', parts: [{ text: 'b' }] });
    expect(await received).toEqual([textResponse('one', { turnComplete: true })]);
    expect(model.connections[0]?.closed).toBe(true);
    expect(model.connections[0]?.contents).toHaveLength(2);
  });

  it('throws a scripted error from receive() when its turn is released', async () => {
    const failure = new ModelApiError({
      provider: 'scripted',
      model: 'scripted-live-llm',
      message: 'live session dropped',
    });
    const model = new ScriptedLiveLlm({ turns: [failure] });
    const connection = await model.connect(createLlmRequest());
    const received = drain(connection);
    await connection.sendContent({ role: 'user', parts: [{ text: 'a' }] });
    await expect(received).rejects.toBe(failure);
  });

  it('shares its turns across connections, in order (a second agent after a transfer)', async () => {
    const model = new ScriptedLiveLlm({
      turns: [[textResponse('first')], [textResponse('second')]],
    });
    const one = await model.connect(createLlmRequest());
    await one.sendContent({ role: 'user', parts: [{ text: 'a' }] });
    await one.close();
    const two = await model.connect(createLlmRequest());
    await two.sendContent({ role: 'user', parts: [{ text: 'b' }] });
    await two.close();
    expect(await drain(one)).toEqual([textResponse('first')]);
    expect(await drain(two)).toEqual([textResponse('second')]);
    expect(model.connections).toHaveLength(2);
  });

  it('refuses a non-live call and a malformed options object with typed errors', async () => {
    const model = new ScriptedLiveLlm({ turns: [] });
    await expect(model.generateContentAsync(createLlmRequest()).next()).rejects.toSatisfy((error) =>
      NotSupportedError.isInstance(error),
    );
    expect(() => new ScriptedLiveLlm({} as never)).toThrow(InvalidArgumentError);
  });
});
