import { describe, expect, it } from 'vitest';
import { createEvent } from './event.js';
import {
  eventFromSnakeCaseJson,
  eventToCamelCaseJson,
  eventToSnakeCaseJson,
} from './event-json.js';
import { fixture, cases } from './event-json-test-fixtures.js';

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
