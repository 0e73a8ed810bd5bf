import { describe, expect, it } from 'vitest';
import type { FunctionDeclaration } from '../types/index.js';
import {
  appendInstructions,
  appendTools,
  createLlmRequest,
  setOutputSchema,
} from './llm-request.js';
import { createLlmResponse } from './create-llm-response.js';

function tool(name: string, declared = true) {
  return {
    name,
    getDeclaration: (): FunctionDeclaration | undefined =>
      declared ? { name, description: `${name} tool` } : undefined,
  };
}

describe('LlmRequest helpers (spec 000 Appendix C, §3.9)', () => {
  it('appendInstructions joins with a blank line', () => {
    const request = createLlmRequest();
    appendInstructions(request, []);
    expect(request.config.systemInstruction).toBeUndefined();
    appendInstructions(request, ['You are an agent.', 'Be brief.']);
    appendInstructions(request, ['Third.']);
    expect(request.config.systemInstruction).toBe('You are an agent.\n\nBe brief.\n\nThird.');
  });

  it('appendInstructions adds a part to a Content system instruction', () => {
    const request = createLlmRequest({
      config: { systemInstruction: { role: 'system', parts: [{ text: 'a' }] } },
    });
    appendInstructions(request, ['b']);
    expect(request.config.systemInstruction).toEqual({
      role: 'system',
      parts: [{ text: 'a' }, { text: 'b' }],
    });
  });

  it('appendTools registers declared tools and groups declarations in one Tool', () => {
    const request = createLlmRequest({ config: { tools: [{ googleSearch: {} }] } });
    appendTools(request, [tool('a'), tool('builtin', false)]);
    appendTools(request, [tool('b')]);
    expect(Object.keys(request.toolsDict)).toEqual(['a', 'b']);
    expect(request.config.tools).toEqual([
      { googleSearch: {} },
      {
        functionDeclarations: [
          { name: 'a', description: 'a tool' },
          { name: 'b', description: 'b tool' },
        ],
      },
    ]);
  });

  it('setOutputSchema asks for JSON', () => {
    const request = createLlmRequest();
    setOutputSchema(request, { type: 'OBJECT' as never });
    expect(request.config.responseMimeType).toBe('application/json');
    expect(request.config.responseSchema).toEqual({ type: 'OBJECT' });
  });
});

describe('createLlmResponse (spec 000 §5.3)', () => {
  it('takes the first candidate’s content', () => {
    const response = createLlmResponse({
      candidates: [
        {
          content: { role: 'model', parts: [{ text: 'hi' }] },
          finishReason: 'STOP' as never,
          avgLogprobs: -0.5,
        },
      ],
      usageMetadata: { totalTokenCount: 3 },
      modelVersion: 'gemini-2.5-flash',
    } as never);
    expect(response).toEqual({
      content: { role: 'model', parts: [{ text: 'hi' }] },
      finishReason: 'STOP',
      avgLogprobs: -0.5,
      usageMetadata: { totalTokenCount: 3 },
      modelVersion: 'gemini-2.5-flash',
    });
  });

  it('a STOP without parts is still content; other empty finishes are errors', () => {
    expect(
      createLlmResponse({
        candidates: [{ content: { role: 'model' }, finishReason: 'STOP' }],
      } as never).errorCode,
    ).toBeUndefined();
    expect(
      createLlmResponse({
        candidates: [{ finishReason: 'SAFETY', finishMessage: 'blocked' }],
      } as never),
    ).toMatchObject({
      errorCode: 'SAFETY',
      errorMessage: 'blocked',
    });
  });

  it('a blocked prompt and an empty response become errors', () => {
    expect(
      createLlmResponse({
        promptFeedback: { blockReason: 'SAFETY', blockReasonMessage: 'no' },
      } as never),
    ).toMatchObject({
      errorCode: 'SAFETY',
      errorMessage: 'no',
    });
    expect(createLlmResponse({} as never)).toEqual({
      errorCode: 'UNKNOWN_ERROR',
      errorMessage: 'Unknown error.',
    });
  });
});
