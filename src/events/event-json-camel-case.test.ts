import { describe, expect, it } from 'vitest';
import { createEvent } from './event.js';
import type { Event } from './event.js';
import {
  eventFromCamelCaseJson,
  eventFromSnakeCaseJson,
  eventToCamelCaseJson,
  eventToSnakeCaseJson,
} from './event-json.js';
import { fixture, cases } from './event-json-test-fixtures.js';

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
    cacheMetadata: { cacheName: 'c1', fingerprint: 'ab12', invocationsUsed: 2, contentsCount: 3 },
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

  it('adk-python §2: cacheMetadata keeps snake_case keys in camelCase output (CacheMetadata has no aliases)', () => {
    const camel = eventToCamelCaseJson(richEvent());
    expect(camel['cacheMetadata']).toStrictEqual({
      cache_name: 'c1',
      fingerprint: 'ab12',
      invocations_used: 2,
      contents_count: 3,
    });
    expect(eventFromCamelCaseJson(camel).cacheMetadata).toStrictEqual(richEvent().cacheMetadata);
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
      cache_metadata: {
        cache_name: 'c1',
        fingerprint: 'ab12',
        invocations_used: 2,
        contents_count: 3,
      },
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
