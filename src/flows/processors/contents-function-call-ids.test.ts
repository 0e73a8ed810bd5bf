import { describe, expect, it } from 'vitest';
import { type Event } from '../../events/event.js';
import { getContents } from './contents.js';
import {
  user,
  model,
  event,
  agentNamed,
  processContents,
  call,
  response,
} from './contents-test-fixtures.js';

describe('contents processor: client function-call ids (spec 000 §6.9; test_contents.py)', () => {
  const history = (id: string): Event[] => [
    event('inv1', 'user', user('Call the tool')),
    event('inv2', 'test_agent', model([call(id)])),
    event('inv3', 'test_agent', { role: 'user', parts: [response(id)] }),
  ];

  it('strips adk- ids for plain models (test_adk_function_call_ids_are_stripped_for_non_interactions_model)', async () => {
    const events = history('adk-test-call-id');
    const contents = await processContents(agentNamed('test_agent'), events);
    expect(contents[1]?.parts?.[0]?.functionCall).toEqual({ name: 'test_tool', args: { x: 1 } });
    expect(contents[2]?.parts?.[0]?.functionResponse).toEqual({
      name: 'test_tool',
      response: { result: 2 },
    });
    expect(events[1]?.content?.parts?.[0]?.functionCall?.id).toBe('adk-test-call-id');
    expect(events[2]?.content?.parts?.[0]?.functionResponse?.id).toBe('adk-test-call-id');
  });

  it('keeps ids the model returned', () => {
    const contents = getContents(undefined, history('toolu_123'), 'test_agent');
    expect(contents[1]?.parts?.[0]?.functionCall?.id).toBe('toolu_123');
    expect(contents[2]?.parts?.[0]?.functionResponse?.id).toBe('toolu_123');
  });

  it('keeps adk- ids for the Interactions API (test_adk_function_call_ids_preserved_for_interactions_model)', async () => {
    const agent = agentNamed('test_agent', { canonicalModel: { useInteractionsApi: true } });
    const contents = await processContents(agent, history('adk-test-call-id'));
    expect(contents[1]?.parts?.[0]?.functionCall?.id).toBe('adk-test-call-id');
    expect(contents[2]?.parts?.[0]?.functionResponse?.id).toBe('adk-test-call-id');
  });

  it('keeps ids for models that pair calls by id (test_anthropic_model_preserves_function_call_ids)', async () => {
    const agent = agentNamed('test_agent', { canonicalModel: { pairsFunctionCallsById: true } });
    const contents = await processContents(agent, history('adk-x'));
    expect(contents[1]?.parts?.[0]?.functionCall?.id).toBe('adk-x');
    expect(
      getContents(undefined, history('adk-y'), 'test_agent', { preserveFunctionCallIds: true })[2]
        ?.parts?.[0]?.functionResponse?.id,
    ).toBe('adk-y');
  });
});
