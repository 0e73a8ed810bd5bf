import { describe, expect, it } from 'vitest';
import { UnmatchedFunctionResponseError } from '../../errors/unmatched-function-response-error.js';
import { createEvent, type Event } from '../../events/event.js';
import type { Content, FunctionCall, FunctionResponse, Part } from '../../types/index.js';
import { getContents } from './contents.js';

// Ports tests/unittests/flows/llm_flows/test_contents_function.py (ADK 2.1)
// and pins spec 000 §4.1 step 6 and §4.4.

const AGENT = 'test_agent';
const user = (text: string): Content => ({ role: 'user', parts: [{ text }] });
const model = (parts: string | Part[]): Content => ({
  role: 'model',
  parts: typeof parts === 'string' ? [{ text: parts }] : parts,
});
const userParts = (parts: Part[]): Content => ({ role: 'user', parts });
const fc = (functionCall: FunctionCall): Part => ({ functionCall });
const fr = (functionResponse: FunctionResponse): Part => ({ functionResponse });

function event(invocationId: string, author: string, content: Content): Event {
  return createEvent({ invocationId, author, content });
}

const contentsOf = (events: Event[]): Content[] => getContents(undefined, events, AGENT);

describe('getContents: function call/response pairing (spec 000 §4.1 step 6, §4.4)', () => {
  it('leaves a call followed by its response alone (test_basic_function_call_response_processing)', () => {
    const call = { id: 'call_123', name: 'search_tool', args: { query: 'test' } };
    const response = {
      id: 'call_123',
      name: 'search_tool',
      response: { results: ['item1', 'item2'] },
    };
    expect(
      contentsOf([
        event('inv1', 'user', user('Search for test')),
        event('inv2', AGENT, model([fc(call)])),
        event('inv3', 'user', userParts([fr(response)])),
      ]),
    ).toEqual([user('Search for test'), model([fc(call)]), userParts([fr(response)])]);
  });

  it('moves the latest response next to its call (test_rearrangement_with_intermediate_function_response)', () => {
    const call = { id: 'long_call_123', name: 'long_running_tool', args: { task: 'process' } };
    const intermediate = {
      id: 'long_call_123',
      name: 'long_running_tool',
      response: { status: 'processing', progress: 50 },
    };
    const final = {
      id: 'long_call_123',
      name: 'long_running_tool',
      response: { status: 'completed', result: 'done' },
    };
    expect(
      contentsOf([
        event('inv1', 'user', user('Run long process')),
        event('inv2', AGENT, model([fc(call)])),
        event('inv3', 'user', userParts([fr(intermediate)])),
        event('inv4', AGENT, model('Still processing...')),
        event('inv5', 'user', userParts([fr(final)])),
      ]),
    ).toEqual([user('Run long process'), model([fc(call)]), userParts([fr(final)])]);
  });

  it('replaces only the long-running response among parallel ones (test_mixed_long_running_and_normal_function_calls)', () => {
    const lroCall = { id: 'lro_call_456', name: 'long_running_tool', args: { task: 'analyze' } };
    const normalCall = { id: 'normal_call_789', name: 'search_tool', args: { query: 'test' } };
    const lroIntermediate = {
      id: 'lro_call_456',
      name: 'long_running_tool',
      response: { status: 'processing', progress: 25 },
    };
    const normalResponse = {
      id: 'normal_call_789',
      name: 'search_tool',
      response: { results: ['item1', 'item2'] },
    };
    const lroFinal = {
      id: 'lro_call_456',
      name: 'long_running_tool',
      response: { status: 'completed', analysis: 'done' },
    };
    expect(
      contentsOf([
        event('inv1', 'user', user('Analyze data and search for info')),
        event('inv2', AGENT, model([fc(lroCall), fc(normalCall)])),
        event('inv3', 'user', userParts([fr(lroIntermediate), fr(normalResponse)])),
        event('inv4', AGENT, model('Analysis in progress, search completed')),
        event('inv5', 'user', userParts([fr(lroFinal)])),
      ]),
    ).toEqual([
      user('Analyze data and search for info'),
      model([fc(lroCall), fc(normalCall)]),
      userParts([fr(lroFinal), fr(normalResponse)]),
    ]);
  });

  it('pairs a completed long-running call in history with its final response (test_completed_long_running_function_in_history)', () => {
    const call = { id: 'history_call_123', name: 'long_running_tool', args: { task: 'process' } };
    const intermediate = {
      id: 'history_call_123',
      name: 'long_running_tool',
      response: { status: 'processing', progress: 50 },
    };
    const final = {
      id: 'history_call_123',
      name: 'long_running_tool',
      response: { status: 'completed', result: 'done' },
    };
    expect(
      contentsOf([
        event('inv1', 'user', user('Start long process')),
        event('inv2', AGENT, model([fc(call)])),
        event('inv3', 'user', userParts([fr(intermediate)])),
        event('inv4', AGENT, model('Still processing...')),
        event('inv5', 'user', userParts([fr(final)])),
        event('inv6', AGENT, model('Process completed successfully!')),
        event('inv7', 'user', user("Great! What's next?")),
      ]),
    ).toEqual([
      user('Start long process'),
      model([fc(call)]),
      userParts([fr(final)]),
      model('Still processing...'),
      model('Process completed successfully!'),
      user("Great! What's next?"),
    ]);
  });

  it('merges the responses of a completed mixed call in history (test_completed_mixed_function_calls_in_history)', () => {
    const lroCall = { id: 'history_lro_123', name: 'long_running_tool', args: { task: 'analyze' } };
    const normalCall = { id: 'history_normal_456', name: 'search_tool', args: { query: 'data' } };
    const lroIntermediate = {
      id: 'history_lro_123',
      name: 'long_running_tool',
      response: { status: 'processing', progress: 30 },
    };
    const normalResponse = {
      id: 'history_normal_456',
      name: 'search_tool',
      response: { results: ['result1', 'result2'] },
    };
    const lroFinal = {
      id: 'history_lro_123',
      name: 'long_running_tool',
      response: { status: 'completed', analysis: 'finished' },
    };
    expect(
      contentsOf([
        event('inv1', 'user', user('Analyze and search simultaneously')),
        event('inv2', AGENT, model([fc(lroCall), fc(normalCall)])),
        event('inv3', 'user', userParts([fr(lroIntermediate), fr(normalResponse)])),
        event('inv4', AGENT, model('Analysis continuing, search done')),
        event('inv5', 'user', userParts([fr(lroFinal)])),
        event('inv6', AGENT, model('Both tasks completed successfully!')),
        event('inv7', 'user', user('Perfect! What should we do next?')),
      ]),
    ).toEqual([
      user('Analyze and search simultaneously'),
      model([fc(lroCall), fc(normalCall)]),
      userParts([fr(lroFinal), fr(normalResponse)]),
      model('Analysis continuing, search done'),
      model('Both tasks completed successfully!'),
      user('Perfect! What should we do next?'),
    ]);
  });

  it('keeps non-response parts when merging (test_function_rearrangement_preserves_other_content)', () => {
    const call = { id: 'preserve_test', name: 'long_running_tool', args: { test: 'value' } };
    const intermediate = {
      id: 'preserve_test',
      name: 'long_running_tool',
      response: { status: 'processing' },
    };
    const final = {
      id: 'preserve_test',
      name: 'long_running_tool',
      response: { output: 'preserved' },
    };
    expect(
      contentsOf([
        event('inv1', 'user', user('Before function call')),
        event('inv2', AGENT, model([{ text: "I'll process this for you" }, fc(call)])),
        event(
          'inv3',
          'user',
          userParts([{ text: 'Intermediate prefix' }, fr(intermediate), { text: 'Processing...' }]),
        ),
        event('inv4', AGENT, model('Still working on it...')),
        event(
          'inv5',
          'user',
          userParts([{ text: 'Final prefix' }, fr(final), { text: 'Final suffix' }]),
        ),
      ]),
    ).toEqual([
      user('Before function call'),
      model([{ text: "I'll process this for you" }, fc(call)]),
      userParts([
        { text: 'Intermediate prefix' },
        fr(final),
        { text: 'Processing...' },
        { text: 'Final prefix' },
        { text: 'Final suffix' },
      ]),
    ]);
  });

  it('throws a typed error for a response without a call (test_error_when_function_response_without_matching_call)', () => {
    const orphan = {
      id: 'no_matching_call',
      name: 'orphaned_tool',
      response: { error: 'no matching call' },
    };
    const events = [
      event('inv1', 'user', user('Regular message')),
      event('inv2', 'user', userParts([fr(orphan)])),
    ];
    let caught: unknown;
    try {
      contentsOf(events);
    } catch (error) {
      caught = error;
    }
    expect(UnmatchedFunctionResponseError.isInstance(caught)).toBe(true);
    const error = caught as UnmatchedFunctionResponseError;
    expect(error.message).toBe(
      "No function call event found for function responses ids: {'no_matching_call'}",
    );
    expect(error.functionResponseIds).toEqual(['no_matching_call']);
  });

  it('throws when the latest response event answers calls of different events', () => {
    const first = { id: 'a', name: 'tool', args: {} };
    const second = { id: 'b', name: 'tool', args: {} };
    const events = [
      event('inv1', 'user', user('Go')),
      event('inv1', AGENT, model([fc(first)])),
      event('inv1', AGENT, model([fc(second)])),
      event('inv1', AGENT, model('Waiting')),
      event(
        'inv2',
        'user',
        userParts([
          fr({ id: 'b', name: 'tool', response: {} }),
          fr({ id: 'a', name: 'tool', response: {} }),
        ]),
      ),
    ];
    expect(() => contentsOf(events)).toThrow(
      /^Last response event should only contain the responses for the function calls in the same function call event/,
    );
  });

  it('merges separate response events of one parallel call event in history, in session order', () => {
    const a = { id: 'a', name: 'tool_a', args: {} };
    const b = { id: 'b', name: 'tool_b', args: {} };
    const responseA = { id: 'a', name: 'tool_a', response: { value: 1 } };
    const responseB = { id: 'b', name: 'tool_b', response: { value: 2 } };
    expect(
      contentsOf([
        event('inv1', 'user', user('Both')),
        event('inv1', AGENT, model([fc(a), fc(b)])),
        event('inv1', AGENT, userParts([fr(responseB)])),
        event('inv1', AGENT, model('Still waiting for a')),
        event('inv2', 'user', userParts([fr(responseA)])),
        event('inv2', 'user', user('Thanks')),
      ]),
    ).toEqual([
      user('Both'),
      model([fc(a), fc(b)]),
      userParts([fr(responseB), fr(responseA)]),
      model('Still waiting for a'),
      user('Thanks'),
    ]);
  });

  it('drops a response in history that no call asked for', () => {
    expect(
      contentsOf([
        event('inv1', 'user', user('Hi')),
        event('inv1', 'user', userParts([fr({ id: 'stray', name: 'tool', response: {} })])),
        event('inv2', 'user', user('Still there?')),
      ]),
    ).toEqual([user('Hi'), user('Still there?')]);
  });

  it('leaves a pending call without a response in place', () => {
    const call = { id: 'pending', name: 'ask_for_approval', args: {} };
    expect(
      contentsOf([
        event('inv1', 'user', user('Approve?')),
        event('inv1', AGENT, model([fc(call)])),
      ]),
    ).toEqual([user('Approve?'), model([fc(call)])]);
  });
});
