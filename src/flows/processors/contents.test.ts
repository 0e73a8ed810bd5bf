import { describe, expect, it } from 'vitest';
import type { AgentContract } from '../../context/agent-contract.js';
import { createEvent, type Event, type EventInit } from '../../events/event.js';
import { createLlmRequest } from '../../models/llm-request.js';
import type { LlmAgentContract } from '../llm-agent-contract.js';
import { ScriptedAgent } from '../../testing/test-agents.js';
import { createTestInvocationContext } from '../../testing/test-invocation-context.js';
import type { Content, Part } from '../../types/index.js';
import { contentsRequestProcessor, getContents, getCurrentTurnContents } from './contents.js';

const user = (text: string): Content => ({ role: 'user', parts: [{ text }] });
const model = (parts: string | Part[]): Content => ({
  role: 'model',
  parts: typeof parts === 'string' ? [{ text: parts }] : parts,
});

function event(
  invocationId: string,
  author: string,
  content?: Content,
  extra: Partial<EventInit> = {},
): Event {
  return createEvent({ invocationId, author, ...(content ? { content } : {}), ...extra });
}

interface AgentOptions {
  includeContents?: 'default' | 'none';
  canonicalModel?: object;
}

function agentNamed(name: string, options: AgentOptions = {}): AgentContract {
  return Object.assign(new ScriptedAgent({ name }), options);
}

/** Runs the processor as the flow does and returns the request's contents. */
async function processContents(
  agent: AgentContract,
  events: Event[],
  { branch, contents = [] }: { branch?: string; contents?: Content[] } = {},
): Promise<Content[]> {
  const context = await createTestInvocationContext({
    agent,
    ...(branch ? { branch } : {}),
  });
  context.session.events = events;
  const request = createLlmRequest({ model: 'gemini-2.5-flash', contents });
  const run = contentsRequestProcessor.runAsync(
    context,
    request,
    agent as unknown as LlmAgentContract,
  );
  for await (const _event of run);
  return request.contents;
}

const call = (id: string, name = 'test_tool', args: Record<string, unknown> = { x: 1 }): Part => ({
  functionCall: { id, name, args },
});
const response = (
  id: string,
  name = 'test_tool',
  result: Record<string, unknown> = { result: 2 },
): Part => ({
  functionResponse: { id, name, response: result },
});

describe('contents processor: include_contents (spec 000 §3.6, §4.2; test_contents.py)', () => {
  it('includes the full history by default (test_include_contents_default_full_history)', async () => {
    const events = [
      event('inv1', 'user', user('First message')),
      event('inv2', 'test_agent', model('First response')),
      event('inv3', 'user', user('Second message')),
      event('inv4', 'test_agent', model('Second response')),
      event('inv5', 'user', user('Third message')),
    ];
    expect(await processContents(agentNamed('test_agent'), events)).toEqual([
      user('First message'),
      model('First response'),
      user('Second message'),
      model('Second response'),
      user('Third message'),
    ]);
  });

  it("keeps only the current turn with 'none' (test_include_contents_none_current_turn_only)", async () => {
    const events = [
      event('inv1', 'user', user('First message')),
      event('inv2', 'test_agent', model('First response')),
      event('inv3', 'user', user('Second message')),
      event('inv4', 'test_agent', model('Second response')),
      event('inv5', 'user', user('Current turn message')),
    ];
    const agent = agentNamed('test_agent', { includeContents: 'none' });
    expect(await processContents(agent, events)).toEqual([user('Current turn message')]);
  });

  it("starts the turn at the latest other agent's message (test_include_contents_none_multi_agent_current_turn)", async () => {
    const events = [
      event('inv1', 'user', user('First user message')),
      event('inv2', 'other_agent', model('Other agent response')),
      event('inv3', 'current_agent', model('Current agent first response')),
      event('inv4', 'user', user('Current turn request')),
      event('inv5', 'another_agent', model('Another agent responds')),
      event('inv6', 'current_agent', model('Current agent in turn')),
    ];
    const agent = agentNamed('current_agent', { includeContents: 'none' });
    expect(await processContents(agent, events)).toEqual([
      {
        role: 'user',
        parts: [{ text: 'For context:' }, { text: '[another_agent] said: Another agent responds' }],
      },
      model('Current agent in turn'),
    ]);
  });

  it('starts the turn in the current branch only (test_include_contents_none_multi_branch_current_turn)', async () => {
    const events = [
      event('inv1', 'user', user('First user message'), { branch: 'root' }),
      event('inv1', 'sibling_agent', model('Sibling agent response'), {
        branch: 'root.parent_agent',
      }),
      event('inv1', 'cousin_agent', model('Cousin agent response'), { branch: 'root.uncle_agent' }),
    ];
    const agent = agentNamed('current_agent', { includeContents: 'none' });
    expect(await processContents(agent, events, { branch: 'root.parent_agent' })).toEqual([
      {
        role: 'user',
        parts: [{ text: 'For context:' }, { text: '[sibling_agent] said: Sibling agent response' }],
      },
    ]);
  });

  it("keeps the agent's own calls and responses within the turn (adk-python.md §5 behaviour 3)", async () => {
    const events = [
      event('inv1', 'user', user('Old question')),
      event('inv1', 'test_agent', model('Old answer')),
      event('inv2', 'user', user('Call the tool')),
      event('inv2', 'test_agent', model([call('c1')])),
      event('inv2', 'test_agent', { role: 'user', parts: [response('c1')] }),
    ];
    const agent = agentNamed('test_agent', { includeContents: 'none' });
    expect(await processContents(agent, events)).toEqual([
      user('Call the tool'),
      model([call('c1')]),
      { role: 'user', parts: [response('c1')] },
    ]);
  });

  it('is empty when no event starts a turn', () => {
    const events = [event('inv1', 'test_agent', model('Only my own words'))];
    expect(getCurrentTurnContents(undefined, events, 'test_agent')).toEqual([]);
    expect(getCurrentTurnContents(undefined, [], 'test_agent')).toEqual([]);
  });

  it('looks for the turn start before applying rewinds, so a rewound turn gives nothing (as Python)', () => {
    const events = [
      event('inv1', 'user', user('Kept')),
      event('inv2', 'user', user('Rewound')),
      event('inv3', 'test_agent', undefined, { actions: { rewindBeforeInvocationId: 'inv2' } }),
    ];
    expect(getCurrentTurnContents(undefined, events, 'test_agent')).toEqual([]);
  });
});

describe('contents processor: framework and rewound events (spec 000 §4.1 steps 1–2; test_contents.py)', () => {
  it('filters authentication calls and responses (test_authentication_events_are_filtered)', async () => {
    const euc = {
      id: 'auth_123',
      name: 'adk_request_credential',
    };
    const events = [
      event('inv1', 'user', user('Please authenticate')),
      event(
        'inv2',
        'test_agent',
        model([{ functionCall: { ...euc, args: { credential_type: 'oauth' } } }]),
      ),
      event('inv3', 'user', {
        role: 'user',
        parts: [
          {
            functionResponse: {
              ...euc,
              response: { auth_config: { exchanged_auth_credential: { token: 'secret' } } },
            },
          },
        ],
      }),
      event('inv4', 'user', user('Continue after auth')),
    ];
    expect(await processContents(agentNamed('test_agent'), events)).toEqual([
      user('Please authenticate'),
      user('Continue after auth'),
    ]);
  });

  it('filters confirmation calls and responses (test_confirmation_events_are_filtered)', async () => {
    const name = 'adk_request_confirmation';
    const events = [
      event('inv1', 'user', user('Delete the file')),
      event(
        'inv2',
        'test_agent',
        model([{ functionCall: { id: 'confirm_123', name, args: { action: 'delete_file' } } }]),
      ),
      event('inv3', 'user', {
        role: 'user',
        parts: [
          {
            functionResponse: {
              id: 'confirm_123',
              name,
              response: { response: '{"confirmed": true}' },
            },
          },
        ],
      }),
      event('inv4', 'user', user('File deleted successfully')),
    ];
    expect(await processContents(agentNamed('test_agent'), events)).toEqual([
      user('Delete the file'),
      user('File deleted successfully'),
    ]);
  });

  it('filters adk_framework and adk_request_input events (spec 000 §4.1 step 2)', async () => {
    const events = [
      event('inv1', 'user', user('Start')),
      event('inv1', 'test_agent', model([call('f1', 'adk_framework', {})])),
      event('inv1', 'test_agent', model([call('i1', 'adk_request_input', { prompt: 'Name?' })])),
      event('inv2', 'user', { role: 'user', parts: [response('i1', 'adk_request_input')] }),
      event('inv2', 'user', user('Go on')),
    ];
    expect(await processContents(agentNamed('test_agent'), events)).toEqual([
      user('Start'),
      user('Go on'),
    ]);
  });

  it('drops events annulled by a rewind (test_rewind_events_are_filtered_out)', async () => {
    const events = [
      event('inv1', 'user', user('First message')),
      event('inv1', 'test_agent', model('First response')),
      event('inv2', 'user', user('Second message')),
      event('inv2', 'test_agent', model('Second response')),
      event('rewind_inv', 'test_agent', undefined, {
        actions: { rewindBeforeInvocationId: 'inv2' },
      }),
      event('inv3', 'user', user('Third message')),
    ];
    expect(await processContents(agentNamed('test_agent'), events)).toEqual([
      user('First message'),
      model('First response'),
      user('Third message'),
    ]);
  });

  it('drops only the rewind event itself when its invocation is not earlier in the history', () => {
    const events = [
      event('inv1', 'user', user('Kept')),
      event('inv9', 'test_agent', model('Rewind event with content'), {
        actions: { rewindBeforeInvocationId: 'unknown' },
      }),
      event('inv2', 'user', user('Also kept')),
    ];
    expect(getContents(undefined, events, 'test_agent')).toEqual([user('Kept'), user('Also kept')]);
  });

  it('applies rewinds from the newest back, so a later rewind can skip an earlier one', () => {
    const events = [
      event('inv1', 'user', user('One')),
      event('inv2', 'user', user('Two')),
      event('inv3', 'user', user('Three')),
      event('r1', 'test_agent', undefined, { actions: { rewindBeforeInvocationId: 'inv3' } }),
      event('inv4', 'user', user('Four')),
      event('r2', 'test_agent', undefined, { actions: { rewindBeforeInvocationId: 'inv2' } }),
      event('inv5', 'user', user('Five')),
    ];
    expect(getContents(undefined, events, 'test_agent')).toEqual([user('One'), user('Five')]);
  });
});

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

describe('contents processor: instruction-related contents (spec 000 §3.6 step 3)', () => {
  const instruction = user('Dynamic instruction');

  it('puts them before the trailing run of user contents', async () => {
    const events = [
      event('inv1', 'user', user('Hi')),
      event('inv1', 'test_agent', model('Hello')),
      event('inv2', 'user', user('First part')),
      event('inv2', 'user', user('Second part')),
    ];
    const contents = await processContents(agentNamed('test_agent'), events, {
      contents: [instruction],
    });
    expect(contents).toEqual([
      user('Hi'),
      model('Hello'),
      instruction,
      user('First part'),
      user('Second part'),
    ]);
    expect(contents[2]).toBe(instruction);
  });

  it('puts them after a user content holding a function response', async () => {
    const events = [
      event('inv1', 'user', user('Call it')),
      event('inv1', 'test_agent', model([call('c1')])),
      event('inv1', 'test_agent', { role: 'user', parts: [response('c1')] }),
    ];
    const contents = await processContents(agentNamed('test_agent'), events, {
      contents: [instruction],
    });
    expect(contents.at(-1)).toBe(instruction);
    expect(contents).toHaveLength(4);
  });

  it('puts them at the end after a model content, and alone when there is no history', async () => {
    const events = [event('inv1', 'user', user('Hi')), event('inv1', 'test_agent', model('Hello'))];
    expect(
      await processContents(agentNamed('test_agent'), events, { contents: [instruction] }),
    ).toEqual([user('Hi'), model('Hello'), instruction]);
    expect(
      await processContents(agentNamed('test_agent'), [], { contents: [instruction] }),
    ).toEqual([instruction]);
  });

  it('puts them first when every content is a plain user content', async () => {
    const events = [event('inv1', 'user', user('Only the user'))];
    expect(
      await processContents(agentNamed('test_agent'), events, { contents: [instruction] }),
    ).toEqual([instruction, user('Only the user')]);
  });
});

describe('getContents: transcriptions (spec 000 §4.1 step 4)', () => {
  it('joins consecutive input transcriptions into one user content', () => {
    const events = [
      event('inv1', 'user', undefined, { inputTranscription: { text: 'Hello ' } }),
      event('inv1', 'user', undefined, { inputTranscription: { text: 'there' } }),
      event('inv1', 'test_agent', undefined, { outputTranscription: { text: 'Hi, ' } }),
      event('inv1', 'test_agent', undefined, { outputTranscription: { text: 'how can I help?' } }),
      event('inv2', 'user', undefined, { inputTranscription: { text: 'Bye' } }),
    ];
    expect(getContents(undefined, events, 'test_agent')).toEqual([
      user('Hello there'),
      model('Hi, how can I help?'),
      user('Bye'),
    ]);
  });

  it("presents another agent's output transcription as context", () => {
    const events = [
      event('inv1', 'other_agent', undefined, { outputTranscription: { text: 'Spoken words' } }),
    ];
    expect(getContents(undefined, events, 'test_agent')).toEqual([
      {
        role: 'user',
        parts: [{ text: 'For context:' }, { text: '[other_agent] said: Spoken words' }],
      },
    ]);
  });

  it('drops transcription events whose text is empty', () => {
    const events = [
      event('inv1', 'user', undefined, { inputTranscription: { text: '' } }),
      event('inv1', 'user', user('Typed')),
    ];
    expect(getContents(undefined, events, 'test_agent')).toEqual([user('Typed')]);
  });
});

describe('getContents: copies (spec 000 §4.1 step 7)', () => {
  it('returns frozen contents that share nothing with the session events', () => {
    const events = [
      event('inv1', 'user', user('Question')),
      event('inv1', 'test_agent', model([call('adk-1', 'tool', { nested: { list: [1] } })])),
      event('inv1', 'test_agent', {
        role: 'user',
        parts: [response('adk-1', 'tool', { ok: true })],
      }),
    ];
    const before = structuredClone(events);
    const contents = getContents(undefined, events, 'test_agent');
    expect(() => {
      contents[0]!.parts![0]!.text = 'changed';
    }).toThrow(TypeError);
    expect(() =>
      (contents[1]!.parts![0]!.functionCall!.args!['nested'] as { list: number[] }).list.push(2),
    ).toThrow(TypeError);
    expect(() => contents[2]!.parts!.push({ text: 'extra' })).toThrow(TypeError);
    expect(events).toEqual(before);
    // The next request reuses the same copies: no history copy per model call.
    const again = getContents(undefined, events, 'test_agent');
    expect(again[1]).toBe(contents[1]);
  });
});
