import { describe, expect, it } from 'vitest';
import type { Content } from '../../types/index.js';
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

describe('contents processor: empty and invisible content (spec 000 §4.3; test_contents.py)', () => {
  it('skips events without meaningful content (test_events_with_empty_content_are_skipped)', async () => {
    const inline: Content = {
      role: 'user',
      parts: [{ inlineData: { data: 'dGVzdA==', mimeType: 'image/png' } }],
    };
    const file: Content = {
      role: 'user',
      parts: [{ fileData: { fileUri: 'gs://test_bucket/test_file.png', mimeType: 'image/png' } }],
    };
    const mixed: Content = { role: 'user', parts: [{ text: '' }, { text: 'Mixed content' }] };
    const code: Content = {
      role: 'model',
      parts: [{ executableCode: { code: "print('hello')", language: 'PYTHON' as never } }],
    };
    const result: Content = {
      role: 'model',
      parts: [{ codeExecutionResult: { outcome: 'OUTCOME_OK' as never, output: 'hello' } }],
    };
    const events = [
      event('inv1', 'user', user('Hello')),
      event('inv2', 'test_agent', undefined, { actions: { stateDelta: { key: 'val' } } }),
      event('inv4', 'test_agent', { parts: [], role: 'model' }),
      event('inv5', 'user', user('How are you?')),
      event('inv6', 'user', { parts: [{ text: '' }], role: 'model' }),
      event('inv6_2', 'user', { parts: [{ text: '' }, { text: '' }], role: 'model' }),
      event('inv7', 'user', inline),
      event('inv8', 'user', file),
      event('inv9', 'user', mixed),
      event('inv10', 'test_agent', code),
      event('inv11', 'test_agent', result),
    ];
    expect(await processContents(agentNamed('test_agent'), events)).toEqual([
      user('Hello'),
      user('How are you?'),
      inline,
      file,
      mixed,
      code,
      result,
    ]);
  });

  it('skips content without a role, and thought-only content', () => {
    const events = [
      event('inv1', 'user', { parts: [{ text: 'No role' }] }),
      event('inv2', 'test_agent', model([{ text: 'Just thinking', thought: true }])),
      event('inv3', 'user', user('Visible')),
    ];
    expect(getContents(undefined, events, 'test_agent')).toEqual([user('Visible')]);
  });

  it('keeps code-execution results (test_code_execution_result_events_are_not_skipped)', async () => {
    const events = [
      event('inv1', 'user', user('Write code to calculate factorial')),
      event(
        'inv2',
        'test_agent',
        model([
          { text: "Here's the code:" },
          { executableCode: { code: 'print(factorial(5))', language: 'PYTHON' as never } },
        ]),
      ),
      event(
        'inv3',
        'test_agent',
        model([{ codeExecutionResult: { outcome: 'OUTCOME_OK' as never, output: '120' } }]),
      ),
    ];
    const contents = await processContents(agentNamed('test_agent'), events);
    expect(contents).toHaveLength(3);
    expect(contents[1]?.parts?.[1]?.executableCode).toBeDefined();
    expect(contents[2]?.parts?.[0]?.codeExecutionResult?.output).toBe('120');
  });

  it('keeps a code-execution result that is not the first part (test_code_execution_result_not_in_first_part_is_not_skipped)', async () => {
    const events = [
      event('inv1', 'user', user('Run some code.')),
      event(
        'inv2',
        'test_agent',
        model([
          { text: '' },
          { codeExecutionResult: { outcome: 'OUTCOME_OK' as never, output: '42' } },
        ]),
      ),
    ];
    const contents = await processContents(agentNamed('test_agent'), events);
    expect(contents).toHaveLength(2);
    expect(contents[1]?.parts?.some((part) => part.codeExecutionResult?.output === '42')).toBe(
      true,
    );
  });

  it('keeps function calls marked as thoughts (test_function_call_with_thought_not_filtered)', async () => {
    const events = [
      event('inv1', 'user', user('Call the tool')),
      event(
        'inv2',
        'test_agent',
        model([
          { text: 'Let me think about this', thought: true },
          { ...call('fc_123', 'test_tool', { query: 'test' }), thought: true },
          { text: 'Planning next steps', thought: true },
        ]),
      ),
      event('inv3', 'test_agent', { role: 'user', parts: [response('fc_123')] }),
    ];
    const contents = await processContents(agentNamed('test_agent'), events);
    expect(contents).toHaveLength(3);
    const calls = contents[1]?.parts?.filter((part) => part.functionCall) ?? [];
    expect(calls.map((part) => part.functionCall)).toEqual([
      { id: 'fc_123', name: 'test_tool', args: { query: 'test' } },
    ]);
  });

  it('keeps function responses marked as thoughts (test_function_response_with_thought_not_filtered)', async () => {
    const events = [
      event('inv1', 'user', user('Calculate 1+2')),
      event('inv2', 'test_agent', model([call('fc_456', 'calc_tool', { x: 1, y: 2 })])),
      event('inv3', 'test_agent', {
        role: 'user',
        parts: [{ ...response('fc_456', 'calc_tool', { result: 3 }), thought: true }],
      }),
    ];
    const contents = await processContents(agentNamed('test_agent'), events);
    expect(contents).toHaveLength(3);
    expect(contents[2]?.parts?.[0]?.functionResponse?.name).toBe('calc_tool');
  });
});
