import { describe, expect, it } from 'vitest';
import { invocationFromJson, invocationToCamelCaseJson } from './eval-case-json.js';
import {
  getAllToolCalls,
  getAllToolCallsWithResponses,
  getAllToolResponses,
  getAllUsageMetadata,
  isInvocationEvents,
} from './eval-case.js';

const call = (id: string | undefined, name: string, args: Record<string, unknown>) => ({
  ...(id === undefined ? {} : { id }),
  name,
  args,
});
const reply = (id: string | undefined, name: string, response: Record<string, unknown>) => ({
  ...(id === undefined ? {} : { id }),
  name,
  response,
});

describe('intermediate data', () => {
  const intermediateData = {
    tool_uses: [call('a', 'roll_die', { sides: 6 }), call('b', 'check_prime', { nums: [6] })],
    tool_responses: [reply('b', 'check_prime', { result: 'none' })],
  };
  const invocationEvents = {
    invocation_events: [
      {
        author: 'agent',
        content: {
          role: 'model',
          parts: [
            { text: 'rolling' },
            { function_call: call('a', 'roll_die', { sides: 6 }) },
            { function_call: call('b', 'check_prime', { nums: [6] }) },
          ],
        },
        usage_metadata: { prompt_token_count: 5 },
        invocationIndex: 3,
      },
      {
        author: 'agent',
        content: {
          role: 'user',
          parts: [{ function_response: reply('a', 'roll_die', { result: 6 }) }],
        },
      },
      { author: 'agent' },
    ],
  };

  it('reads the IntermediateData form and finds its calls and responses', () => {
    const invocation = invocationFromJson({
      user_content: { parts: [] },
      intermediate_data: intermediateData,
    });
    const data = invocation.intermediateData;
    expect(data && isInvocationEvents(data)).toBe(false);
    expect(getAllToolCalls(data).map((c) => c.name)).toEqual(['roll_die', 'check_prime']);
    expect(getAllToolResponses(data).map((r) => r.id)).toEqual(['b']);
    expect(getAllToolCallsWithResponses(data)).toEqual([
      [call('a', 'roll_die', { sides: 6 }), undefined],
      [call('b', 'check_prime', { nums: [6] }), reply('b', 'check_prime', { result: 'none' })],
    ]);
    expect(getAllUsageMetadata(invocation)).toEqual([]);
  });

  it('reads the InvocationEvents form, dropping the dev UI’s transcript indices', () => {
    const invocation = invocationFromJson({
      user_content: { parts: [] },
      intermediate_data: invocationEvents,
    });
    const data = invocation.intermediateData;
    expect(data && isInvocationEvents(data)).toBe(true);
    expect(getAllToolCalls(data).map((c) => c.id)).toEqual(['a', 'b']);
    expect(getAllToolCallsWithResponses(data).map(([c, r]) => [c.id, r?.response])).toEqual([
      ['a', { result: 6 }],
      ['b', undefined],
    ]);
    expect(getAllUsageMetadata(invocation)).toEqual([{ promptTokenCount: 5 }]);
    const camel = invocationToCamelCaseJson(invocation);
    const events = (camel['intermediateData'] as { invocationEvents: object[] }).invocationEvents;
    expect(events[0]).not.toHaveProperty('invocationIndex');
    expect(events[0]).toMatchObject({
      content: { parts: [{ text: 'rolling' }, { functionCall: { id: 'a' } }, {}] },
    });
  });

  it('pairs calls and responses without ids with each other', () => {
    const data = invocationFromJson({
      user_content: { parts: [] },
      intermediate_data: {
        tool_uses: [call(undefined, 'f', {})],
        tool_responses: [reply(undefined, 'f', { ok: 1 })],
      },
    }).intermediateData;
    expect(getAllToolCallsWithResponses(data)[0]?.[1]).toEqual(reply(undefined, 'f', { ok: 1 }));
  });

  it('has no tool calls without intermediate data', () => {
    expect(getAllToolCalls(undefined)).toEqual([]);
    expect(getAllToolResponses(undefined)).toEqual([]);
    expect(getAllToolCallsWithResponses(undefined)).toEqual([]);
  });

  it('keeps intermediate responses as [author, parts] pairs', () => {
    const invocation = invocationFromJson({
      userContent: { parts: [{ text: 'q' }] },
      intermediateData: {
        intermediate_responses: [['helper', [{ text: 'working', thought_signature: 'x' }]]],
      },
    });
    expect(invocation.intermediateData).toEqual({
      toolUses: [],
      toolResponses: [],
      intermediateResponses: [['helper', [{ text: 'working', thoughtSignature: 'x' }]]],
    });
  });
});
