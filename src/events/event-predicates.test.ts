import { describe, expect, it } from 'vitest';
import { createEvent } from './event.js';
import {
  getFunctionCalls,
  getFunctionResponses,
  hasFunctionCalls,
  hasFunctionResponses,
  hasTrailingCodeExecutionResult,
  isFinalResponse,
  stringifyContent,
} from './event-predicates.js';
import { findMatchingFunctionCall } from './find-matching-function-call.js';

const call = { functionCall: { name: 'f', args: { a: 1 }, id: 'c1' } };
const response = { functionResponse: { name: 'f', response: { ok: true }, id: 'c1' } };

describe('isFinalResponse (spec 000 §2.4)', () => {
  it('plain text is final', () => {
    expect(
      isFinalResponse(
        createEvent({ author: 'a', content: { role: 'model', parts: [{ text: 'hi' }] } }),
      ),
    ).toBe(true);
  });

  it('an event without content is final', () => {
    expect(isFinalResponse(createEvent({ author: 'a' }))).toBe(true);
  });

  it('function calls and function responses are not final', () => {
    expect(
      isFinalResponse(
        createEvent({ author: 'a', content: { role: 'model', parts: [{ text: 'x' }, call] } }),
      ),
    ).toBe(false);
    expect(
      isFinalResponse(createEvent({ author: 'a', content: { role: 'user', parts: [response] } })),
    ).toBe(false);
  });

  it('partial events are not final', () => {
    expect(
      isFinalResponse(
        createEvent({
          author: 'a',
          partial: true,
          content: { role: 'model', parts: [{ text: 'h' }] },
        }),
      ),
    ).toBe(false);
  });

  it('a trailing code-execution result is not final, an earlier one is', () => {
    const result = { codeExecutionResult: { outcome: 'OUTCOME_OK' as never, output: '2' } };
    expect(
      isFinalResponse(
        createEvent({ author: 'a', content: { role: 'model', parts: [{ text: 'x' }, result] } }),
      ),
    ).toBe(false);
    expect(
      isFinalResponse(
        createEvent({ author: 'a', content: { role: 'model', parts: [result, { text: 'x' }] } }),
      ),
    ).toBe(true);
  });

  it('skipSummarization or pending long-running tools make any event final', () => {
    expect(
      isFinalResponse(
        createEvent({
          author: 'a',
          content: { role: 'user', parts: [response] },
          actions: { skipSummarization: true },
        }),
      ),
    ).toBe(true);
    expect(
      isFinalResponse(
        createEvent({
          author: 'a',
          content: { role: 'model', parts: [call] },
          longRunningToolIds: ['c1'],
        }),
      ),
    ).toBe(true);
    expect(
      isFinalResponse(
        createEvent({
          author: 'a',
          content: { role: 'model', parts: [call] },
          longRunningToolIds: [],
        }),
      ),
    ).toBe(false);
  });
});

describe('event helpers (issue 2 §2)', () => {
  it('createEvent fills Python defaults: uuid4 id, float-second timestamp, empty action dicts', () => {
    const event = createEvent({ author: 'a' });
    expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(event.invocationId).toBe('');
    expect(event.timestamp).toBeCloseTo(Date.now() / 1000, -1);
    expect(event.actions).toEqual({
      stateDelta: {},
      artifactDelta: {},
      requestedAuthConfigs: {},
      requestedToolConfirmations: {},
    });
  });

  it('timestamps never go backwards', () => {
    const stamps = Array.from({ length: 200 }, () => createEvent({ author: 'a' }).timestamp);
    expect(stamps.every((stamp, index) => index === 0 || stamp > stamps[index - 1]!)).toBe(true);
  });

  it('lists calls and responses in part order and finds trailing code results', () => {
    const event = createEvent({
      author: 'a',
      content: { role: 'model', parts: [call, { text: 't' }, { functionCall: { name: 'g' } }] },
    });
    expect(getFunctionCalls(event).map((c) => c.name)).toEqual(['f', 'g']);
    expect(hasFunctionCalls(event)).toBe(true);
    expect(hasFunctionResponses(event)).toBe(false);
    const answer = createEvent({ author: 'a', content: { role: 'user', parts: [response] } });
    expect([hasFunctionCalls(answer), hasFunctionResponses(answer)]).toEqual([false, true]);
    expect(hasFunctionCalls(createEvent({ author: 'a' }))).toBe(false);
    expect(getFunctionResponses(event)).toEqual([]);
    expect(hasTrailingCodeExecutionResult(event)).toBe(false);
  });

  it('stringifyContent joins text parts and skips thoughts', () => {
    const event = createEvent({
      author: 'a',
      content: {
        role: 'model',
        parts: [{ text: 'think', thought: true }, { text: 'a' }, call, { text: 'b' }],
      },
    });
    expect(stringifyContent(event)).toBe('ab');
  });

  it('findMatchingFunctionCall finds the call answered by the last event', () => {
    const callEvent = createEvent({ author: 'agent', content: { role: 'model', parts: [call] } });
    const other = createEvent({
      author: 'agent',
      content: { role: 'model', parts: [{ text: 'x' }] },
    });
    const answer = createEvent({ author: 'user', content: { role: 'user', parts: [response] } });
    expect(findMatchingFunctionCall([callEvent, other, answer])).toBe(callEvent);
    expect(findMatchingFunctionCall([callEvent, other])).toBeUndefined();
    expect(findMatchingFunctionCall([answer])).toBeUndefined();
  });
});
