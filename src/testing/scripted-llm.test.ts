import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { NestingTooDeepError } from '../errors/nesting-too-deep-error.js';
import { NotSupportedError } from '../errors/not-supported-error.js';
import { ScriptedResponsesExhaustedError } from '../errors/scripted-responses-exhausted-error.js';
import type { LlmResponse } from '../events/llm-response.js';
import { appendTools, createLlmRequest, type LlmRequest } from '../models/llm-request.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { FunctionTool } from '../tools/function-tool.js';
import { functionCallResponse, ScriptedLlm, textResponse } from './scripted-llm.js';
import { userText } from './test-agents.js';

function nestedArgs(levels: number): Record<string, unknown> {
  let value: unknown = 1;
  for (let level = 0; level < levels; level++) value = { a: value };
  return value as Record<string, unknown>;
}

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

  it('issue 15 §5: options given as an array (easy from JavaScript) fail with a message saying what to pass', () => {
    const build = (options: unknown) => () => new ScriptedLlm(options as never);
    expect(build([textResponse('hi')])).toThrow(
      'ScriptedLlm takes an options object with a responses field, as in new ScriptedLlm({ responses: [textResponse("hi")] }); got an array.',
    );
    expect(build(undefined)).toThrow(InvalidArgumentError);
    expect(build({})).toThrow("ScriptedLlm's responses must be a list of turns or a function");
    expect(build({ responses: [], model: 3 })).toThrow("ScriptedLlm's model must be a string");
  });

  it('issue 15: a response or request nested past the limit fails that call with NestingTooDeepError, and the next call works', async () => {
    const model = new ScriptedLlm({
      responses: [functionCallResponse('f', nestedArgs(3_000)), textResponse('next')],
    });
    await expect(call(model)).rejects.toSatisfy(NestingTooDeepError.isInstance);
    expect(await call(model)).toEqual([textResponse('next')]);
    const deepRequest = createLlmRequest({
      contents: [
        { role: 'user', parts: [{ functionResponse: { name: 'f', response: nestedArgs(3_000) } }] },
      ],
    });
    await expect(call(model, deepRequest)).rejects.toSatisfy(NestingTooDeepError.isInstance);
    expect(model.requests).toHaveLength(2);
  });

  it('issue 15: tool arguments nested too deep fail the run without storing them, and the session keeps working', async () => {
    const echo = new FunctionTool({
      name: 'echo',
      description: 'Echoes.',
      parameters: z.object({}).passthrough(),
      execute: () => ({ ok: true }),
    });
    const model = new ScriptedLlm({
      responses: (request) =>
        request.contents.at(-1)?.parts?.[0]?.text === 'deep'
          ? functionCallResponse('echo', nestedArgs(200))
          : textResponse('fine'),
    });
    const runner = new InMemoryRunner({
      agent: new LlmAgent({ name: 'agent', model, tools: [echo] }),
      appName: 'app',
    });
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    const run = async (text: string) => {
      const events = [];
      for await (const event of runner.runAsync({
        userId: 'u',
        sessionId: 's',
        newMessage: userText(text),
      })) {
        events.push(event);
      }
      return events;
    };
    await expect(run('deep')).rejects.toSatisfy(NestingTooDeepError.isInstance);
    const afterFailure = await runner.sessionService.getSession({
      appName: 'app',
      userId: 'u',
      sessionId: 's',
    });
    expect(afterFailure?.events.map((event) => event.author)).toEqual(['user']);
    expect((await run('again')).map((event) => event.content?.parts?.[0]?.text)).toEqual(['fine']);
  });
});
