import type { Message, Part as A2aPart } from '@a2a-js/sdk';
import { describe, expect, it } from 'vitest';
import { createEvent, type EventInit } from '../../events/event.js';
import { eventToCamelCaseJson } from '../../events/event-json.js';
import { captureLogs } from '../log-capture-test-fixtures.js';
import { A2aRole, A2aTaskState } from './a2a-enums.js';
import {
  DEFAULT_ERROR_MESSAGE,
  a2aMessageToEvent,
  eventToA2aMessage,
  eventToA2aStatusUpdates,
} from './event-converter.js';
import { eventContextMetadata } from './event-metadata.js';
import { genaiPartToA2aPart } from './part-converter.js';

// Cases of adk-python's tests/unittests/a2a/converters/test_event_converter.py
// (the converters its executor uses by default).

const session = { appName: 'test-app', userId: 'test-user', sessionId: 'test-session-id' };
const ids = { session, taskId: 'test-task-id', contextId: 'test-context-id' };

function event(init: Partial<EventInit> = {}) {
  return createEvent({ author: 'test-author', invocationId: 'test-invocation-id', ...init });
}

function text(value: string): A2aPart {
  return { content: { $case: 'text', value }, metadata: undefined, filename: '', mediaType: '' };
}

function message(parts: A2aPart[], role: Message['role'] = A2aRole.agent): Message {
  return {
    messageId: 'm1',
    contextId: '',
    taskId: '',
    role,
    parts,
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

function call(name: string, id: string, longRunning: boolean): A2aPart {
  return {
    content: { $case: 'data', value: { id, name, args: {} } },
    metadata: { adk_type: 'function_call', ...(longRunning ? { adk_is_long_running: true } : {}) },
    filename: '',
    mediaType: '',
  };
}

describe('eventContextMetadata', () => {
  it('names the app, user, session, invocation, author and event, and the actions', () => {
    const plain = event();
    expect(eventContextMetadata(plain, session)).toEqual({
      adk_app_name: 'test-app',
      adk_user_id: 'test-user',
      adk_session_id: 'test-session-id',
      adk_invocation_id: 'test-invocation-id',
      adk_author: 'test-author',
      adk_event_id: plain.id,
      adk_actions: {
        stateDelta: {},
        artifactDelta: {},
        requestedAuthConfigs: {},
        requestedToolConfirmations: {},
      },
    });
  });

  it('adds branch and error code as text, models as camelCase JSON without nulls', () => {
    const full = event({
      branch: 'test-branch',
      errorCode: 'ERROR_001',
      groundingMetadata: { webSearchQueries: ['q'], searchEntryPoint: null } as never,
      usageMetadata: { promptTokenCount: 3, totalTokenCount: 5 },
      actions: { stateDelta: { k: 1 }, escalate: true },
    });
    const metadata = eventContextMetadata(full, session);
    expect(metadata).toMatchObject({
      adk_branch: 'test-branch',
      adk_error_code: 'ERROR_001',
      adk_grounding_metadata: { webSearchQueries: ['q'] },
      adk_usage_metadata: { promptTokenCount: 3, totalTokenCount: 5 },
    });
    expect(metadata['adk_grounding_metadata']).not.toHaveProperty('searchEntryPoint');
    expect(metadata['adk_actions']).toEqual(eventToCamelCaseJson(full).actions);
    expect(metadata['adk_actions']).toMatchObject({ stateDelta: { k: 1 }, escalate: true });
  });

  it("writes custom metadata as the JSON text of Python's json.dumps", () => {
    const withCustom = event({ customMetadata: { key: 'value', nested: [1, 2], text: 'é' } });
    expect(eventContextMetadata(withCustom, session)['adk_custom_metadata']).toBe(
      '{"key": "value", "nested": [1, 2], "text": "\\u00e9"}',
    );
  });
});

describe('eventToA2aMessage', () => {
  it('gives nothing for an event without content or parts', () => {
    expect(eventToA2aMessage(event())).toBeUndefined();
    expect(eventToA2aMessage(event({ content: { role: 'model', parts: [] } }))).toBeUndefined();
  });

  it('is an agent message by default, whoever wrote the event', () => {
    const user = event({ author: 'user', content: { role: 'user', parts: [{ text: 'hi' }] } });
    expect(eventToA2aMessage(user)?.role).toBe(A2aRole.agent);
    expect(eventToA2aMessage(user, { role: A2aRole.user })?.role).toBe(A2aRole.user);
  });

  it('keeps every part a converter returns', () => {
    const result = eventToA2aMessage(
      event({ content: { role: 'model', parts: [{ text: 'source part' }] } }),
      { partConverter: () => [text('part 1'), text('part 2')] },
    );
    expect(result?.parts).toEqual([text('part 1'), text('part 2')]);
  });

  it('marks a function call long-running only when its id is listed', () => {
    const parts = [
      { functionCall: { id: 'tool-123', name: 'f', args: {} } },
      { functionCall: { id: 'tool-456', name: 'g', args: {} } },
    ];
    const result = eventToA2aMessage(
      event({ longRunningToolIds: ['tool-123'], content: { role: 'model', parts } }),
    );
    expect(result?.parts.map((part) => part.metadata)).toEqual([
      { adk_type: 'function_call', adk_is_long_running: true },
      { adk_type: 'function_call' },
    ]);
  });
});

describe('eventToA2aStatusUpdates', () => {
  it('gives no update for an event with neither error nor content', () => {
    expect(eventToA2aStatusUpdates(event(), ids)).toEqual([]);
  });

  it('gives a working update holding the content, with the context metadata', () => {
    const withText = event({ content: { role: 'model', parts: [{ text: 'hello' }] } });
    const [update, ...rest] = eventToA2aStatusUpdates(withText, ids);
    expect(rest).toEqual([]);
    expect(update).toMatchObject({
      taskId: 'test-task-id',
      contextId: 'test-context-id',
      status: {
        state: A2aTaskState.working,
        message: { role: A2aRole.agent, parts: [text('hello')] },
      },
      metadata: eventContextMetadata(withText, session),
    });
  });

  it('sends the user’s own events as user messages', () => {
    const user = event({ author: 'user', content: { role: 'user', parts: [{ text: 'hi' }] } });
    expect(eventToA2aStatusUpdates(user, ids)[0]?.status?.message?.role).toBe(A2aRole.user);
  });

  it('gives a failed update then the content update for an event with an error and content', () => {
    const failed = event({
      errorCode: 'ERROR_001',
      errorMessage: 'boom',
      content: { role: 'model', parts: [{ text: 'partial answer' }] },
    });
    const [error, content] = eventToA2aStatusUpdates(failed, ids);
    expect(error?.status?.state).toBe(A2aTaskState.failed);
    expect(error?.status?.message?.parts).toEqual([text('boom')]);
    expect(error?.status?.message?.metadata).toEqual({ adk_error_code: 'ERROR_001' });
    expect(error?.metadata).toMatchObject({ adk_error_code: 'ERROR_001' });
    expect(content?.status?.state).toBe(A2aTaskState.working);
  });

  it('says the default error message when the event has none', () => {
    const [error] = eventToA2aStatusUpdates(event({ errorCode: 'E' }), ids);
    expect(error?.status?.message?.parts).toEqual([text(DEFAULT_ERROR_MESSAGE)]);
    expect(DEFAULT_ERROR_MESSAGE).toBe('An error occurred during processing');
  });

  it('asks for input on a long-running call, and for auth on a long-running credential request', () => {
    const ask = event({
      longRunningToolIds: ['c1'],
      content: {
        role: 'model',
        parts: [{ functionCall: { id: 'c1', name: 'some_other_function', args: {} } }],
      },
    });
    expect(eventToA2aStatusUpdates(ask, ids)[0]?.status?.state).toBe(A2aTaskState.inputRequired);
    const auth = event({
      longRunningToolIds: ['c2'],
      content: {
        role: 'model',
        parts: [{ functionCall: { id: 'c2', name: 'adk_request_credential', args: {} } }],
      },
    });
    expect(eventToA2aStatusUpdates(auth, ids)[0]?.status?.state).toBe(A2aTaskState.authRequired);
    const notLongRunning = event({
      content: {
        role: 'model',
        parts: [{ functionCall: { id: 'c3', name: 'adk_request_credential', args: {} } }],
      },
    });
    expect(eventToA2aStatusUpdates(notLongRunning, ids)[0]?.status?.state).toBe(
      A2aTaskState.working,
    );
  });

  it('passes its part converter on', () => {
    const converted = eventToA2aStatusUpdates(
      event({ content: { role: 'model', parts: [{ text: 'x' }] } }),
      { ...ids, partConverter: () => text('converted') },
    );
    expect(converted[0]?.status?.message?.parts).toEqual([text('converted')]);
  });
});

describe('a2aMessageToEvent', () => {
  const logs = captureLogs();
  const context = {
    author: 'test-author',
    invocationId: 'test-invocation-id',
    branch: 'test-branch',
  };

  it('converts the parts of an agent message into model content', () => {
    const result = a2aMessageToEvent(message([text('test content')]), context);
    expect(result).toMatchObject({
      author: 'test-author',
      branch: 'test-branch',
      invocationId: 'test-invocation-id',
      content: { role: 'model', parts: [{ text: 'test content' }] },
    });
  });

  it('maps a user message to user content, even without parts', () => {
    expect(a2aMessageToEvent(message([text('hi')], A2aRole.user)).content?.role).toBe('user');
    expect(a2aMessageToEvent(message([], A2aRole.user)).content).toEqual({
      role: 'user',
      parts: [],
    });
  });

  it('keeps every part a converter returns', () => {
    const result = a2aMessageToEvent(message([text('part 1')]), {
      partConverter: () => [{ text: 'part 1' }, { text: 'part 2' }],
    });
    expect(result.content?.parts).toEqual([{ text: 'part 1' }, { text: 'part 2' }]);
  });

  it('skips parts the converter cannot convert or throws on, and keeps the others', () => {
    let calls = 0;
    const result = a2aMessageToEvent(message([text('first'), text('second'), text('third')]), {
      partConverter: () => {
        calls += 1;
        if (calls === 1) throw new Error('Conversion failed');
        if (calls === 2) return undefined;
        return { text: 'successful conversion' };
      },
    });
    expect(result.content?.parts).toEqual([{ text: 'successful conversion' }]);
    expect(logs.map((record) => record.level)).toEqual(['error', 'warn']);
  });

  it('lists the calls of long-running parts in longRunningToolIds', () => {
    const result = a2aMessageToEvent(
      message([call('ask', 'c1', true), call('other', 'c2', false)]),
    );
    expect(result.longRunningToolIds).toEqual(['c1']);
    expect(a2aMessageToEvent(message([call('other', 'c2', false)]))).not.toHaveProperty(
      'longRunningToolIds',
    );
  });

  it('is written by "a2a agent" in a new uuid invocation by default, on no branch', () => {
    const result = a2aMessageToEvent(message([]));
    expect(result.author).toBe('a2a agent');
    expect(result.invocationId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(result.branch).toBeUndefined();
  });

  it('reads back what eventToA2aStatusUpdates wrote for a long-running call', () => {
    const original = event({
      longRunningToolIds: ['c1'],
      content: {
        role: 'model',
        parts: [{ functionCall: { id: 'c1', name: 'ask', args: { q: 1 } } }],
      },
    });
    const [update] = eventToA2aStatusUpdates(original, ids);
    const back = a2aMessageToEvent(update!.status!.message!, { author: 'remote' });
    expect(back.longRunningToolIds).toEqual(['c1']);
    expect(back.content?.parts?.[0]?.functionCall).toEqual({
      id: 'c1',
      name: 'ask',
      args: { q: 1 },
    });
    expect(genaiPartToA2aPart(back.content!.parts![0]!)?.metadata).toEqual({
      adk_type: 'function_call',
      adk_is_long_running: true,
    });
  });
});
