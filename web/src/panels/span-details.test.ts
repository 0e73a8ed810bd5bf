import { describe, expect, it } from 'vitest';
import {
  attributeJson,
  instructionText,
  partSummary,
  pick,
  prettyJson,
  readLlmRequest,
} from './span-details';

describe('readLlmRequest', () => {
  it('reads the snake_case request Python ADK records', () => {
    const request = attributeJson(
      {
        'gcp.vertex.agent.llm_request': JSON.stringify({
          model: 'gemini-2.5-flash',
          config: {
            system_instruction: 'Help the user.',
            temperature: 0.2,
            tools: [
              {
                function_declarations: [
                  { name: 'get_weather', description: 'Weather.', parameters: { type: 'OBJECT' } },
                ],
              },
            ],
          },
          contents: [{ role: 'user', parts: [{ text: 'weather?' }] }],
        }),
      },
      'gcp.vertex.agent.llm_request',
    );
    expect(readLlmRequest(request)).toEqual({
      model: 'gemini-2.5-flash',
      systemInstruction: 'Help the user.',
      contents: [{ role: 'user', parts: [{ text: 'weather?' }] }],
      tools: [{ name: 'get_weather', description: 'Weather.', parameters: { type: 'OBJECT' } }],
      otherConfig: { temperature: 0.2 },
    });
  });

  it('reads camelCase, a Content system instruction and JSON-schema parameters', () => {
    expect(
      readLlmRequest({
        config: {
          systemInstruction: { role: 'system', parts: [{ text: 'one' }, { text: 'two' }] },
          tools: [
            { functionDeclarations: [{ name: 't', parametersJsonSchema: { type: 'object' } }] },
            { googleSearch: {} },
          ],
        },
        contents: [{ parts: 'not a list' }],
      }),
    ).toEqual({
      model: null,
      systemInstruction: 'one\ntwo',
      contents: [{ role: '', parts: [] }],
      tools: [{ name: 't', description: null, parameters: { type: 'object' } }],
      otherConfig: null,
    });
    expect(readLlmRequest('text')).toBeNull();
    expect(readLlmRequest([1])).toBeNull();
  });
});

describe('attribute helpers', () => {
  it('parses JSON text attributes and keeps other values', () => {
    const attributes = { a: '{"x":1}', b: 'plain', c: 3, d: '{broken' };
    expect(attributeJson(attributes, 'a')).toEqual({ x: 1 });
    expect(attributeJson(attributes, 'b')).toBe('plain');
    expect(attributeJson(attributes, 'c')).toBe(3);
    expect(attributeJson(attributes, 'd')).toBe('{broken');
    expect(attributeJson(attributes, 'toString')).toBeUndefined();
  });

  it('looks up own properties only', () => {
    expect(pick({ a: 1 }, 'constructor')).toBeUndefined();
    expect(pick({ b: 2 }, 'a', 'b')).toBe(2);
    expect(pick(null, 'a')).toBeUndefined();
  });

  it('summarises parts and pretty-prints', () => {
    expect(partSummary({ text: 'hi' })).toBe('hi');
    expect(partSummary({ functionCall: { name: 'f', args: { a: 1 } } })).toBe('call f({"a":1})');
    expect(partSummary({ function_response: { name: 'f', response: { ok: true } } })).toBe(
      'response f: {"ok":true}',
    );
    expect(partSummary({ inlineData: { mimeType: 'x' } })).toBe('{"inlineData":{"mimeType":"x"}}');
    expect(instructionText(null)).toBeNull();
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(prettyJson('s')).toBe('s');
  });
});
