import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { createEvent } from './event.js';
import type { Event } from './event.js';
import {
  eventFromCamelCaseJson,
  eventFromSnakeCaseJson,
  eventToCamelCaseJson,
  eventToSnakeCaseJson,
} from './event-json.js';

/** Events as Python's `model_dump(exclude_none=True, mode='json')` writes them; see each `source`. */
interface PythonFixture {
  name: string;
  source: string;
  event: Record<string, unknown>;
}

const fixtures = JSON.parse(
  readFileSync(new URL('./fixtures/python-events.json', import.meta.url), 'utf8'),
) as PythonFixture[];

function fixture(name: string): Record<string, unknown> {
  const found = fixtures.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no fixture named ${name}`);
  return found.event;
}

const cases = fixtures.map((entry) => [entry.name, entry.event] as const);

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('adk-python §3.1 (event_data, snake_case)', () => {
  it.each(cases)('adk-python §3.1: %s round-trips fromSnake → toSnake unchanged', (_name, json) => {
    expect(eventToSnakeCaseJson(eventFromSnakeCaseJson(json))).toStrictEqual(json);
  });

  it.each(cases)('adk-python §3.1: %s survives JSON text unchanged', (_name, json) => {
    const text = JSON.stringify(eventToSnakeCaseJson(eventFromSnakeCaseJson(json)));
    expect(JSON.parse(text)).toStrictEqual(json);
  });

  it('adk-python §3.1: a model event parses to the exact camelCase event', () => {
    expect(eventFromSnakeCaseJson(fixture('model-text'))).toStrictEqual({
      content: {
        parts: [
          {
            text:
              "Great! I've found a round-trip business class flight from San Francisco to Tokyo, " +
              'departing on March 15th and returning on March 25th, with no stops.\n\n' +
              'Would you like to explore any other dates or destinations, or perhaps look into ' +
              'adding insurance or checked baggage for this trip?',
          },
        ],
        role: 'model',
      },
      finishReason: 'STOP',
      usageMetadata: {
        candidatesTokenCount: 64,
        candidatesTokensDetails: [{ modality: 'TEXT', tokenCount: 64 }],
        promptTokenCount: 598,
        promptTokensDetails: [{ modality: 'TEXT', tokenCount: 760 }],
        totalTokenCount: 662,
        trafficType: 'PROVISIONED_THROUGHPUT',
      },
      avgLogprobs: -0.19581888616085052,
      invocationId: 'e-195cb372-e3af-4783-9ed3-f3f13a2a2185',
      author: 'travel_planner',
      actions: {
        stateDelta: {},
        artifactDelta: {},
        requestedAuthConfigs: {},
        requestedToolConfirmations: {},
      },
      id: 'f10db129-13e7-442d-a864-08b5cc579b28',
      timestamp: 1761014489.062144,
    });
  });

  it('adk-python §3.1: a branch event keeps its branch', () => {
    expect(eventFromSnakeCaseJson(fixture('branch')).branch).toBe(
      'research_parallel_agent.price_checker',
    );
  });

  it('adk-python §3.1: thought_signature stays the same base64 string in memory and in both forms', () => {
    const json = fixture('function-call');
    const event = eventFromSnakeCaseJson(json);
    const signature = event.content?.parts?.[0]?.thoughtSignature;
    expect(typeof signature).toBe('string');
    expect(signature).toMatch(/^Cr4FAePx_15ImLJ/);
    expect(eventToSnakeCaseJson(event)).toHaveProperty(
      ['content', 'parts', 0, 'thought_signature'],
      signature,
    );
    expect(eventToCamelCaseJson(event)).toHaveProperty(
      ['content', 'parts', 0, 'thoughtSignature'],
      signature,
    );
  });

  it('adk-python §3.1: function-call args keep their snake_case keys in memory and in both forms', () => {
    const event = eventFromSnakeCaseJson(fixture('function-call'));
    const args = {
      trip: {
        origin: 'San Francisco',
        departure_date: 'March 15',
        return_date: 'March 25',
        destination: 'Tokyo',
      },
      preferences: { max_stops: 0, cabin_class: 'Business' },
    };
    expect(event.content?.parts?.[0]?.functionCall?.args).toStrictEqual(args);
    expect(event.longRunningToolIds).toStrictEqual([]);
    expect(eventToSnakeCaseJson(event)).toHaveProperty(
      ['content', 'parts', 0, 'function_call', 'args'],
      args,
    );
    expect(eventToCamelCaseJson(event)).toHaveProperty(
      ['content', 'parts', 0, 'functionCall', 'args'],
      args,
    );
  });

  it('adk-python §3.1: camelCase keys inside args and payload (adk_request_confirmation) stay camelCase in the snake form', () => {
    const event = eventFromSnakeCaseJson(fixture('confirmation-request'));
    const args = event.content?.parts?.[0]?.functionCall?.args ?? {};
    expect(Object.keys(args)).toStrictEqual(['originalFunctionCall', 'toolConfirmation']);
    expect(args).toHaveProperty(['toolConfirmation', 'payload', 'maxAmount'], 5000);
    expect(args).toHaveProperty(
      ['toolConfirmation', 'payload', 'line_items', 0, 'itemName'],
      'hotel',
    );
    expect(event.longRunningToolIds).toStrictEqual(['adk-5c1f3a52-7d0e-4f43-9a0c-2b6f0e1d9a77']);
    const snake = eventToSnakeCaseJson(event);
    expect(snake).toHaveProperty(
      ['content', 'parts', 0, 'function_call', 'args', 'originalFunctionCall', 'args', 'purpose'],
      'hotel and flight',
    );
    expect(snake).toHaveProperty(['long_running_tool_ids'], event.longRunningToolIds);
  });

  it('adk-python §3.1: function responses keep camelCase keys (isError, ticketId) as written', () => {
    const mcp = eventFromSnakeCaseJson(fixture('function-response-camel-keys'));
    expect(mcp.content?.parts?.[0]?.functionResponse?.response).toStrictEqual({
      content: [{ type: 'text', text: 'The sum of 5 and 7 is 12.' }],
      isError: false,
    });
    const approval = eventFromSnakeCaseJson(fixture('function-response-state-delta'));
    expect(approval.content?.parts?.[0]?.functionResponse?.response).toStrictEqual({
      status: 'pending',
      amount: 2000,
      ticketId: 'reimbursement-ticket-001',
    });
  });

  it('adk-python §3.1: state_delta keys and nested values (prefixes, both casings, nulls) are copied verbatim', () => {
    const stateDelta = {
      'user:last_city': 'Tokyo',
      'app:maxStops': 0,
      'temp:scratch': null,
      trip_plan: {
        departure_date: 'March 15',
        returnDate: 'March 25',
        legs: [{ from_city: 'SFO', toCity: 'HND' }],
        notes: null,
      },
    };
    const event = eventFromSnakeCaseJson(fixture('function-response-state-delta'));
    expect(event.actions.stateDelta).toStrictEqual(stateDelta);
    expect(eventToSnakeCaseJson(event)).toHaveProperty(['actions', 'state_delta'], stateDelta);
    expect(eventToCamelCaseJson(event)).toHaveProperty(['actions', 'stateDelta'], stateDelta);
  });

  it('adk-python §3.1: requested_tool_confirmations keeps id keys and payload keys, converts the ToolConfirmation', () => {
    const json = fixture('confirmation-response');
    const event = eventFromSnakeCaseJson(json);
    const id = 'adk-dcf1b657-c9f6-4d27-b5f8-f6591fbdff49';
    expect(event.actions.requestedToolConfirmations).toStrictEqual({
      [id]: {
        hint: 'Approve reimbursing $2000 for hotel and flight?',
        confirmed: false,
        payload: {
          approver_id: 'manager-7',
          maxAmount: 5000,
          line_items: [{ itemName: 'hotel', unit_cost: 1400 }],
        },
      },
    });
    expect(eventToCamelCaseJson(event)).toHaveProperty(
      ['actions', 'requestedToolConfirmations', id, 'payload', 'approver_id'],
      'manager-7',
    );
  });

  it('adk-python §3.1: null model fields are dropped on parse (exclude_none), nulls in user data are kept', () => {
    const event = eventFromSnakeCaseJson({
      author: 'user',
      timestamp: 1.5,
      branch: null,
      content: { role: 'user', parts: [{ text: 'hi', thought: null }] },
      actions: { state_delta: { k: null }, escalate: null },
    });
    // Python gives an event parsed without an id a fresh uuid4.
    expect(event.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(event).toStrictEqual({
      author: 'user',
      timestamp: 1.5,
      invocationId: '',
      id: event.id,
      content: { role: 'user', parts: [{ text: 'hi' }] },
      actions: {
        stateDelta: { k: null },
        artifactDelta: {},
        requestedAuthConfigs: {},
        requestedToolConfirmations: {},
      },
    });
  });

  it('adk-python §3.1: undefined fields are dropped and empty dicts kept on output', () => {
    const event = createEvent({
      id: 'e1',
      author: 'agent',
      timestamp: 2,
      invocationId: 'e-1',
      branch: undefined,
    });
    expect(eventToSnakeCaseJson(event)).toStrictEqual({
      invocation_id: 'e-1',
      author: 'agent',
      actions: {
        state_delta: {},
        artifact_delta: {},
        requested_auth_configs: {},
        requested_tool_confirmations: {},
      },
      id: 'e1',
      timestamp: 2,
    });
  });
});

/** An event built in TypeScript that touches every special place of the casing table. */
function richEvent(): Event {
  return createEvent({
    id: 'f9d1',
    invocationId: 'e-42',
    author: 'planner',
    timestamp: 1762203722.5,
    modelVersion: 'gemini-2.5-flash',
    content: {
      role: 'model',
      parts: [
        {
          inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' },
          partMetadata: { some_key: 1 },
        },
        { functionCall: { id: 'adk-1', name: 'lookup', args: { some_key: 1, someKey: 2 } } },
      ],
    },
    customMetadata: { trace_id: 't', traceId: 'T' },
    cacheMetadata: { cacheName: 'c1', invocationsUsed: 2 },
    output: { result_value: 1, resultValue: 2 },
    nodeInfo: { path: 'wf/step_a', outputFor: ['wf'], messageAsOutput: true },
    actions: {
      stateDelta: { some_key: { nested_key: 1, nestedKey: 2 }, someKey: [{ a_b: 1 }] },
      artifactDelta: { 'report_Final.pdf': 3 },
      agentState: { current_sub_agent: 'a', loopCount: 1 },
      route: ['go_left', 'goRight'],
      setModelResponse: { answer_text: 'x' },
      endOfAgent: true,
      rewindBeforeInvocationId: 'e-41',
      renderUiWidgets: [
        { id: 'w1', provider: 'mcp', payload: { resource_uri: 'ui://w', uiKind: 1 } },
      ],
      compaction: {
        startTimestamp: 1,
        endTimestamp: 2,
        compactedContent: { role: 'model', parts: [{ text: 'summary' }] },
      },
      requestedAuthConfigs: {
        'adk-Call_1': {
          authScheme: {
            type: 'oauth2',
            flows: {
              authorizationCode: {
                authorizationUrl: 'https://a/auth',
                tokenUrl: 'https://a/token',
                scopes: { read_all: 'Read' },
              },
            },
          },
          rawAuthCredential: { authType: 'oauth2', oauth2: { clientId: 'id', clientSecret: 's' } },
          exchangedAuthCredential: {
            authType: 'oauth2',
            oauth2: { accessToken: 'tok', token: { access_token: 'tok', expires_in: 3600 } },
          },
          credentialKey: 'k',
        },
      },
      requestedToolConfirmations: {
        'adk-Call_2': { hint: 'ok?', confirmed: true, payload: { max_amount: 1, maxAmount: 2 } },
      },
    },
  });
}

describe('adk-python §2 (HTTP API, camelCase)', () => {
  it.each(cases)('adk-python §2: %s round-trips through the camelCase form', (_name, json) => {
    const event = eventFromSnakeCaseJson(json);
    const camel = JSON.parse(JSON.stringify(eventToCamelCaseJson(event))) as unknown;
    expect(eventFromCamelCaseJson(camel)).toStrictEqual(event);
  });

  it('adk-python §2: camelCase output uses aliases for model fields', () => {
    const camel = eventToCamelCaseJson(eventFromSnakeCaseJson(fixture('function-call')));
    expect(Object.keys(camel)).toEqual(
      expect.arrayContaining([
        'invocationId',
        'finishReason',
        'usageMetadata',
        'avgLogprobs',
        'longRunningToolIds',
      ]),
    );
    expect(camel).toHaveProperty(['usageMetadata', 'candidatesTokensDetails', 0, 'tokenCount'], 32);
    expect(camel).toHaveProperty(['actions', 'requestedToolConfirmations'], {});
  });

  it('adk-python §2: eventFromCamelCaseJson accepts snake_case keys (populate_by_name)', () => {
    for (const [, json] of cases) {
      expect(eventFromCamelCaseJson(json)).toStrictEqual(eventFromSnakeCaseJson(json));
    }
  });

  it('adk-python §2: eventFromSnakeCaseJson accepts camelCase keys too', () => {
    const event = richEvent();
    expect(eventFromSnakeCaseJson(eventToCamelCaseJson(event))).toStrictEqual(event);
  });

  it('adk-python §2: mixed casing parses, and the camelCase spelling wins when both are given', () => {
    const event = eventFromCamelCaseJson({
      author: 'a',
      timestamp: 1,
      invocation_id: 'from-snake',
      invocationId: 'from-camel',
      long_running_tool_ids: ['x'],
      actions: { stateDelta: { a_b: 1 }, artifact_delta: { 'f.txt': 0 } },
    });
    expect(event.invocationId).toBe('from-camel');
    expect(event.longRunningToolIds).toStrictEqual(['x']);
    expect(event.actions.stateDelta).toStrictEqual({ a_b: 1 });
    expect(event.actions.artifactDelta).toStrictEqual({ 'f.txt': 0 });
  });

  it('adk-python §2: a TypeScript event round-trips through both forms', () => {
    const event = richEvent();
    expect(eventFromCamelCaseJson(eventToCamelCaseJson(event))).toStrictEqual(event);
    expect(eventFromSnakeCaseJson(eventToSnakeCaseJson(event))).toStrictEqual(event);
  });

  it('adk-python §3.1: the snake form re-cases ADK and genai objects only, per the casing table', () => {
    const event = richEvent();
    expect(eventToSnakeCaseJson(event)).toStrictEqual({
      model_version: 'gemini-2.5-flash',
      content: {
        role: 'model',
        parts: [
          {
            inline_data: { mime_type: 'image/png', data: 'iVBORw0KGgo=' },
            part_metadata: { some_key: 1 },
          },
          { function_call: { id: 'adk-1', name: 'lookup', args: { some_key: 1, someKey: 2 } } },
        ],
      },
      custom_metadata: { trace_id: 't', traceId: 'T' },
      cache_metadata: { cache_name: 'c1', invocations_used: 2 },
      output: { result_value: 1, resultValue: 2 },
      node_info: { path: 'wf/step_a', output_for: ['wf'], message_as_output: true },
      invocation_id: 'e-42',
      author: 'planner',
      actions: {
        state_delta: { some_key: { nested_key: 1, nestedKey: 2 }, someKey: [{ a_b: 1 }] },
        artifact_delta: { 'report_Final.pdf': 3 },
        agent_state: { current_sub_agent: 'a', loopCount: 1 },
        route: ['go_left', 'goRight'],
        set_model_response: { answer_text: 'x' },
        end_of_agent: true,
        rewind_before_invocation_id: 'e-41',
        render_ui_widgets: [
          { id: 'w1', provider: 'mcp', payload: { resource_uri: 'ui://w', uiKind: 1 } },
        ],
        compaction: {
          start_timestamp: 1,
          end_timestamp: 2,
          compacted_content: { role: 'model', parts: [{ text: 'summary' }] },
        },
        requested_auth_configs: {
          'adk-Call_1': {
            auth_scheme: {
              type: 'oauth2',
              flows: {
                authorizationCode: {
                  authorizationUrl: 'https://a/auth',
                  tokenUrl: 'https://a/token',
                  scopes: { read_all: 'Read' },
                },
              },
            },
            raw_auth_credential: {
              auth_type: 'oauth2',
              oauth2: { client_id: 'id', client_secret: 's' },
            },
            exchanged_auth_credential: {
              auth_type: 'oauth2',
              oauth2: { access_token: 'tok', token: { access_token: 'tok', expires_in: 3600 } },
            },
            credential_key: 'k',
          },
        },
        requested_tool_confirmations: {
          'adk-Call_2': { hint: 'ok?', confirmed: true, payload: { max_amount: 1, maxAmount: 2 } },
        },
      },
      id: 'f9d1',
      timestamp: 1762203722.5,
    });
  });

  it('adk-python §2: the output shares no objects with the event', () => {
    const event = richEvent();
    const before = structuredClone(event);
    for (const json of [eventToSnakeCaseJson(event), eventToCamelCaseJson(event)]) {
      const text = JSON.stringify(json);
      const actions = json.actions as Record<string, Record<string, unknown>>;
      (actions.state_delta ?? actions.stateDelta ?? {}).some_key = 'changed';
      (json.content as { parts: unknown[] }).parts.length = 0;
      expect(JSON.stringify(json)).not.toBe(text);
    }
    expect(event).toStrictEqual(before);
  });

  it('ARCHITECTURE §6: a user key named __proto__ is written as an own key, never as a prototype', () => {
    const stateDelta: Record<string, unknown> = {};
    Object.defineProperty(stateDelta, '__proto__', {
      value: { polluted: true },
      enumerable: true,
      writable: true,
      configurable: true,
    });
    const json = eventToSnakeCaseJson(createEvent({ author: 'a', actions: { stateDelta } }));
    const written = (json.actions as Record<string, object>).state_delta ?? {};
    expect(Object.getPrototypeOf(written)).toBe(Object.prototype);
    expect(Object.keys(written)).toStrictEqual(['__proto__']);
    expect(JSON.stringify(written)).toBe('{"__proto__":{"polluted":true}}');
  });
});

describe('ARCHITECTURE §4 (typed errors on bad event JSON)', () => {
  const parsers = [
    ['eventFromSnakeCaseJson', eventFromSnakeCaseJson],
    ['eventFromCamelCaseJson', eventFromCamelCaseJson],
  ] as const;

  describe.each(parsers)('%s', (_name, parse) => {
    it.each([
      ['a string', 'event'],
      ['null', null],
      ['an array', []],
      ['a number', 3],
    ])('ARCHITECTURE §4: %s is rejected with InvalidArgumentError', (_label, input) => {
      const error = thrown(() => parse(input));
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect((error as InvalidArgumentError).argument).toBe('event');
      expect((error as Error).message).toMatch(/must be an object/);
    });

    it('ARCHITECTURE §4: a missing author is rejected with a message naming the field', () => {
      const error = thrown(() => parse({ timestamp: 1 }));
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/author: .*expected string/);
    });

    it('ARCHITECTURE §4: a timestamp given as a string is rejected', () => {
      const error = thrown(() => parse({ author: 'user', timestamp: '1761014486.8' }));
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/timestamp: .*expected number/);
    });

    it('ARCHITECTURE §4: a bad requested tool confirmation is rejected', () => {
      const error = thrown(() =>
        parse({
          author: 'a',
          timestamp: 1,
          actions: { requested_tool_confirmations: { 'adk-1': { confirmed: 'yes' } } },
        }),
      );
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/"adk-1"\]\.confirmed: .*expected boolean/);
    });
  });

  it('ARCHITECTURE §4: error paths use the casing of the form being parsed, user keys as written', () => {
    const input = { author: 'a', timestamp: 1, actions: { artifact_delta: { 'a_b.txt': 'v1' } } };
    expect((thrown(() => eventFromSnakeCaseJson(input)) as Error).message).toContain(
      'actions.artifact_delta["a_b.txt"]: ',
    );
    expect((thrown(() => eventFromCamelCaseJson(input)) as Error).message).toContain(
      'actions.artifactDelta["a_b.txt"]: ',
    );
  });
});
