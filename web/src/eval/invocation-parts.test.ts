import { describe, expect, it } from 'vitest';
import type { WireEvalCase } from './eval-types';
import { contentText, toolCallsOf, withExpectedResponse } from './invocation-parts';

describe('toolCallsOf', () => {
  it('reads IntermediateData tool uses (ids dropped, missing args empty)', () => {
    expect(
      toolCallsOf({
        userContent: { parts: [{ text: 'roll' }] },
        intermediateData: {
          toolUses: [{ id: 'adk-1', name: 'roll_die', args: { sides: 6 } }, { name: 'now' }],
          toolResponses: [],
          intermediateResponses: [],
        },
      }),
    ).toEqual([
      { name: 'roll_die', args: { sides: 6 } },
      { name: 'now', args: {} },
    ]);
  });

  it('reads the function calls of InvocationEvents in order', () => {
    expect(
      toolCallsOf({
        userContent: { parts: [{ text: 'roll' }] },
        intermediateData: {
          invocationEvents: [
            {
              author: 'a',
              content: { parts: [{ functionCall: { name: 'one', args: { n: 1 } } }] },
            },
            { author: 'a', content: { parts: [{ functionResponse: { name: 'one' } }] } },
            { author: 'a', content: null },
            { author: 'a', content: { parts: [{ text: 'x' }, { functionCall: { name: 'two' } }] } },
          ],
        },
      }),
    ).toEqual([
      { name: 'one', args: { n: 1 } },
      { name: 'two', args: {} },
    ]);
  });

  it('gives none without intermediate data', () => {
    expect(toolCallsOf({ userContent: {} })).toEqual([]);
    expect(toolCallsOf(undefined)).toEqual([]);
  });
});

describe('contentText', () => {
  it('joins text parts, skipping thoughts and other parts', () => {
    expect(
      contentText({
        parts: [
          { text: 'a' },
          { text: 'hidden', thought: true },
          { functionCall: { name: 'f' } },
          { text: 'b' },
        ],
      }),
    ).toBe('a\nb');
    expect(contentText(null)).toBe('');
  });
});

describe('withExpectedResponse', () => {
  const evalCase: WireEvalCase = {
    evalId: 'case1',
    conversation: [
      {
        invocationId: 'i1',
        userContent: { role: 'user', parts: [{ text: 'q1' }] },
        finalResponse: { role: 'model', parts: [{ text: 'a1' }] },
      },
      { invocationId: 'i2', userContent: { role: 'user', parts: [{ text: 'q2' }] } },
    ],
    sessionInput: { appName: 'app', userId: 'user', state: {} },
    creationTimestamp: 12.5,
  };

  it('replaces one final response and keeps the rest', () => {
    const updated = withExpectedResponse(evalCase, 1, 'new answer');
    expect(updated.conversation?.[1]?.finalResponse).toEqual({
      role: 'model',
      parts: [{ text: 'new answer' }],
    });
    expect(updated.conversation?.[0]).toBe(evalCase.conversation?.[0]);
    expect(updated.sessionInput).toBe(evalCase.sessionInput);
    expect(evalCase.conversation?.[1]?.finalResponse).toBeUndefined();
  });

  it('leaves the case alone for an index out of range', () => {
    expect(withExpectedResponse(evalCase, 2, 'x')).toBe(evalCase);
  });
});
