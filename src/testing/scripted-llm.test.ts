import { describe, expect, it } from 'vitest';
import { NotSupportedError } from '../errors/not-supported-error.js';
import { ScriptedResponsesExhaustedError } from '../errors/scripted-responses-exhausted-error.js';
import type { LlmResponse } from '../events/llm-response.js';
import { appendTools, createLlmRequest, type LlmRequest } from '../models/llm-request.js';
import { functionCallResponse, ScriptedLlm, textResponse } from './scripted-llm.js';

async function call(
  model: ScriptedLlm,
  request: LlmRequest = createLlmRequest(),
  stream = false,
): Promise<LlmResponse[]> {
  const responses: LlmResponse[] = [];
  for await (const response of model.generateContentAsync(request, stream))
    responses.push(response);
  return responses;
}

describe('ScriptedLlm (issue 2 §7)', () => {
  it('answers from a list, one turn per call, and records every request', async () => {
    const model = new ScriptedLlm({
      responses: [functionCallResponse('get_weather', { city: 'Paris' }), textResponse('Sunny')],
    });
    const request = createLlmRequest({
      model: 'scripted-llm',
      contents: [{ role: 'user', parts: [{ text: 'weather?' }] }],
    });
    appendTools(request, [
      { name: 'get_weather', getDeclaration: () => ({ name: 'get_weather' }) },
    ]);
    expect(await call(model, request)).toEqual([
      functionCallResponse('get_weather', { city: 'Paris' }),
    ]);
    request.contents.push({ role: 'model', parts: [{ text: 'mutated later' }] });
    expect(await call(model, request)).toEqual([textResponse('Sunny')]);
    expect(model.requests).toHaveLength(2);
    expect(model.requests[0]!.contents).toHaveLength(1);
    expect(model.requests[0]!.toolNames).toEqual(['get_weather']);
    expect(model.requests[0]!.config.tools).toEqual([
      { functionDeclarations: [{ name: 'get_weather' }] },
    ]);
  });

  it('answers from a function of the request and call index', async () => {
    const model = new ScriptedLlm({
      responses: (request, index) => textResponse(`${index}:${request.contents.length}`),
    });
    expect(await call(model)).toEqual([textResponse('0:0')]);
    expect(
      await call(model, createLlmRequest({ contents: [{ role: 'user', parts: [{ text: 'x' }] }] })),
    ).toEqual([textResponse('1:1')]);
  });

  it('streams a list turn chunk by chunk and throws scripted errors', async () => {
    const model = new ScriptedLlm({
      responses: [
        [textResponse('He', { partial: true }), textResponse('Hello')],
        new RangeError('model down'),
      ],
    });
    expect(
      (await call(model, createLlmRequest(), true)).map((response) => response.partial),
    ).toEqual([true, undefined]);
    await expect(call(model)).rejects.toThrow('model down');
  });

  it('fails clearly when called more often than scripted', async () => {
    const model = new ScriptedLlm({ responses: [textResponse('only')] });
    await call(model);
    await expect(call(model)).rejects.toSatisfy(ScriptedResponsesExhaustedError.isInstance);
  });

  it('stops when aborted and has no live mode', async () => {
    const model = new ScriptedLlm({ responses: [textResponse('x')] });
    const controller = new AbortController();
    controller.abort();
    await expect(async () => {
      for await (const _ of model.generateContentAsync(
        createLlmRequest(),
        false,
        controller.signal,
      )) {
        // nothing
      }
    }).rejects.toThrow();
    await expect(model.connect(createLlmRequest())).rejects.toSatisfy(NotSupportedError.isInstance);
  });
});
