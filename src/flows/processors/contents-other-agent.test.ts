import { describe, expect, it } from 'vitest';
import { createEvent, type Event, type EventInit } from '../../events/event.js';
import type { Content, Part } from '../../types/index.js';
import { getContents } from './contents.js';

// Ports tests/unittests/flows/llm_flows/test_contents_other_agent.py and pins
// the exact "For context:" strings of spec 000 §4.1 step 5 (adk-python.md §5
// behaviour 1).

const AGENT = 'current_agent';
const user = (text: string): Content => ({ role: 'user', parts: [{ text }] });
const model = (parts: string | Part[]): Content => ({
  role: 'model',
  parts: typeof parts === 'string' ? [{ text: parts }] : parts,
});
const context = (...texts: string[]): Content => ({
  role: 'user',
  parts: [{ text: 'For context:' }, ...texts.map((text) => ({ text }))],
});

function event(
  invocationId: string,
  author: string,
  content: Content,
  extra: Partial<EventInit> = {},
): Event {
  return createEvent({ invocationId, author, content, ...extra });
}

const contentsOf = (events: Event[]): Content[] => getContents(undefined, events, AGENT);

describe("getContents: other agents' messages become user context (spec 000 §4.1 step 5)", () => {
  it('presents a message as "For context:" + "[name] said:" (test_other_agent_message_appears_as_user_context)', () => {
    expect(contentsOf([event('test_inv', 'other_agent', model('Hello from other agent'))])).toEqual(
      [context('[other_agent] said: Hello from other agent')],
    );
  });

  it('drops thoughts (test_other_agent_thoughts_are_excluded)', () => {
    const content = model([
      { text: 'Public message', thought: false },
      { text: 'Private thought', thought: true },
      { text: 'Another public message' },
    ]);
    expect(contentsOf([event('test_inv', 'other_agent', content)])).toEqual([
      context('[other_agent] said: Public message', '[other_agent] said: Another public message'),
    ]);
  });

  it('describes function calls with Python repr arguments (test_other_agent_function_calls)', () => {
    const content = model([
      { functionCall: { id: 'func_123', name: 'search_tool', args: { query: 'test query' } } },
    ]);
    expect(contentsOf([event('test_inv', 'other_agent', content)])).toEqual([
      context("[other_agent] called tool `search_tool` with parameters: {'query': 'test query'}"),
    ]);
  });

  it('describes function responses with Python repr results (test_other_agent_function_responses)', () => {
    const content: Content = {
      role: 'user',
      parts: [
        {
          functionResponse: {
            id: 'func_123',
            name: 'search_tool',
            response: { results: ['item1', 'item2'] },
          },
        },
      ],
    };
    expect(contentsOf([event('test_inv', 'other_agent', content)])).toEqual([
      context("[other_agent] `search_tool` tool returned result: {'results': ['item1', 'item2']}"),
    ]);
  });

  it('presents a call and its response as two contexts (test_other_agent_function_call_response)', () => {
    const events = [
      event(
        'test_inv1',
        'other_agent',
        model([
          { text: 'Let me calculate this' },
          { functionCall: { id: 'func_123', name: 'calc_tool', args: { query: '6x7' } } },
        ]),
      ),
      event('test_inv2', 'other_agent', {
        role: 'user',
        parts: [
          { functionResponse: { id: 'func_123', name: 'calc_tool', response: { result: 42 } } },
        ],
      }),
    ];
    expect(contentsOf(events)).toEqual([
      context(
        '[other_agent] said: Let me calculate this',
        "[other_agent] called tool `calc_tool` with parameters: {'query': '6x7'}",
      ),
      context("[other_agent] `calc_tool` tool returned result: {'result': 42}"),
    ]);
  });

  it('skips messages with nothing but thoughts or empty text (test_other_agent_empty_content)', () => {
    const events = [
      event('inv1', 'user', user('Hello')),
      event(
        'inv2',
        'other_agent1',
        model([
          { text: 'This is a private thought', thought: true },
          { text: 'Another private thought', thought: true },
        ]),
      ),
      event(
        'inv3',
        'other_agent2',
        model([
          { text: '', thought: false },
          { text: 'Secret thought', thought: true },
        ]),
      ),
      event('inv4', 'user', user('World')),
    ];
    expect(contentsOf(events)).toEqual([user('Hello'), user('World')]);
  });

  it('presents each other agent on its own (test_multiple_agents_in_conversation)', () => {
    const events = [
      event('inv1', 'user', user('Hello everyone')),
      event('inv2', 'agent1', model('Hi from agent1')),
      event('inv3', 'agent2', model('Hi from agent2')),
    ];
    expect(contentsOf(events)).toEqual([
      user('Hello everyone'),
      context('[agent1] said: Hi from agent1'),
      context('[agent2] said: Hi from agent2'),
    ]);
  });

  it("keeps the current agent's own messages as model content (test_current_agent_messages_not_converted)", () => {
    const events = [
      event('inv1', AGENT, model('My own message')),
      event('inv2', 'other_agent', model('Other agent message')),
    ];
    expect(contentsOf(events)).toEqual([
      model('My own message'),
      context('[other_agent] said: Other agent message'),
    ]);
  });

  it('keeps user messages as they are (test_user_messages_preserved)', () => {
    expect(contentsOf([event('inv1', 'user', user('User message'))])).toEqual([
      user('User message'),
    ]);
  });

  it('renders nested arguments and results exactly as Python repr', () => {
    const events = [
      event(
        'inv1',
        'planner',
        model([
          {
            functionCall: {
              name: 'book_trip',
              args: {
                destination: "Côte d'Azur",
                travellers: [
                  { name: 'Ann', age: 34 },
                  { name: 'Bo', child: true },
                ],
                budget: 1250.5,
                notes: null,
                flags: { refundable: false, extras: [] },
              },
            },
          },
          {
            functionResponse: {
              name: 'book_trip',
              response: { result: { confirmed: true, ids: ['a\nb', 'say "hi"'], cost: 0.1 } },
            },
          },
        ]),
      ),
    ];
    expect(contentsOf(events)).toEqual([
      context(
        `[planner] called tool \`book_trip\` with parameters: {'destination': "Côte d'Azur", ` +
          `'travellers': [{'name': 'Ann', 'age': 34}, {'name': 'Bo', 'child': True}], ` +
          `'budget': 1250.5, 'notes': None, 'flags': {'refundable': False, 'extras': []}}`,
        `[planner] \`book_trip\` tool returned result: {'result': {'confirmed': True, ` +
          `'ids': ['a\\nb', 'say "hi"'], 'cost': 0.1}}`,
      ),
    ]);
  });

  it('writes the transfer call and result as the conformance corpus records them (multi_003)', () => {
    const events = [
      event('e-1', 'user', user('Explain the Pythagorean theorem.')),
      event(
        'e-1',
        'study_buddy_coordinator',
        model([
          {
            functionCall: {
              id: 'adk-607b3ffb-51cf-4a9f-8d31-51d533fa4422',
              name: 'transfer_to_agent',
              args: { agent_name: 'math_tutor' },
            },
            thoughtSignature: 'CooDAePx',
          },
        ]),
      ),
      event(
        'e-1',
        'study_buddy_coordinator',
        {
          role: 'user',
          parts: [
            {
              functionResponse: {
                id: 'adk-607b3ffb-51cf-4a9f-8d31-51d533fa4422',
                name: 'transfer_to_agent',
                response: { result: null },
              },
            },
          ],
        },
        { actions: { transferToAgent: 'math_tutor' } },
      ),
    ];
    expect(getContents(undefined, events, 'math_tutor')).toEqual([
      user('Explain the Pythagorean theorem.'),
      context(
        "[study_buddy_coordinator] called tool `transfer_to_agent` with parameters: {'agent_name': 'math_tutor'}",
      ),
      context(
        "[study_buddy_coordinator] `transfer_to_agent` tool returned result: {'result': None}",
      ),
    ]);
  });

  it('writes None for a call without arguments or a response without a body', () => {
    const events = [
      event('inv1', 'other_agent', model([{ functionCall: { name: 'ping' } }])),
      event('inv2', 'other_agent', {
        role: 'user',
        parts: [{ functionResponse: { name: 'ping' } }],
      }),
    ];
    expect(contentsOf(events)).toEqual([
      context('[other_agent] called tool `ping` with parameters: None'),
      context('[other_agent] `ping` tool returned result: None'),
    ]);
  });

  it('keeps media and code parts as they are and drops blank text', () => {
    const image: Part = { inlineData: { data: 'aW1n', mimeType: 'image/png' } };
    const code: Part = { executableCode: { code: 'print(1)', language: 'PYTHON' as never } };
    const events = [
      event('inv1', 'other_agent', model([{ text: ' \n\t' }, image, { text: 'Look' }, code])),
    ];
    expect(contentsOf(events)).toEqual([
      {
        role: 'user',
        parts: [{ text: 'For context:' }, image, { text: '[other_agent] said: Look' }, code],
      },
    ]);
  });

  it("judges blank text with Python's whitespace, not JavaScript's", () => {
    const events = [
      event('inv1', 'other_agent', model([{ text: '\x1c\x85\u3000' }])),
      event('inv2', 'other_agent', model([{ text: '\ufeff' }])),
    ];
    expect(contentsOf(events)).toEqual([context('[other_agent] said: \ufeff')]);
  });

  it('treats no event as another agent’s when the agent name is empty', () => {
    const events = [event('inv1', 'other_agent', model('Kept as model content'))];
    expect(getContents(undefined, events)).toEqual([model('Kept as model content')]);
  });
});
