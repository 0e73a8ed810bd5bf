import type { Message } from '@a2a-js/sdk';
import { describe, expect, it } from 'vitest';
import { createEvent } from '../../events/event.js';
import type { Part } from '../../types/index.js';
import { A2aRole, A2aTaskState } from './a2a-enums.js';
import { a2aMessageToEvent, eventToA2aStatusUpdates } from './event-converter.js';
import { fromA2aContextId, toA2aContextId } from './metadata-keys.js';
import { a2aPartToGenaiPart, genaiPartToA2aPart } from './part-converter.js';
import { a2aRequestToRunRequest } from './request-converter.js';

const session = { appName: 'app', userId: 'u', sessionId: 's' };

describe('part converter', () => {
  it.each<[string, Part]>([
    ['text', { text: 'hi' }],
    ['thought', { text: 'hmm', thought: true }],
    ['file by uri', { fileData: { fileUri: 'gs://b/f.png', mimeType: 'image/png' } }],
    [
      'bytes',
      { inlineData: { data: Buffer.from('abc').toString('base64'), mimeType: 'application/pdf' } },
    ],
    ['function call', { functionCall: { id: 'c1', name: 'f', args: { a: 1 } } }],
    ['function response', { functionResponse: { id: 'c1', name: 'f', response: { ok: true } } }],
    ['executable code', { executableCode: { code: 'print(1)', language: 'PYTHON' as never } }],
  ])('%s survives the round trip', (_label, part) => {
    const a2a = genaiPartToA2aPart(part);
    expect(a2a).toBeDefined();
    expect(a2aPartToGenaiPart(a2a!)).toEqual(part);
  });

  it('marks function calls as data parts with adk_type', () => {
    const a2a = genaiPartToA2aPart({ functionCall: { name: 'f', args: {} } });
    expect(a2a?.content?.$case).toBe('data');
    expect(a2a?.metadata).toEqual({ adk_type: 'function_call' });
  });

  it('keeps a data part without ADK meaning through an inline blob and back', () => {
    const original = {
      content: { $case: 'data' as const, value: { x: [1, 2] } },
      metadata: { custom: 'y' },
      filename: '',
      mediaType: '',
    };
    const genai = a2aPartToGenaiPart(original);
    expect(genai?.inlineData?.mimeType).toBe('text/plain');
    expect(genaiPartToA2aPart(genai!)).toEqual(original);
  });
});

describe('event converter', () => {
  it('gives input-required for a long-running call and marks it', () => {
    const event = createEvent({
      author: 'agent',
      invocationId: 'e-1',
      longRunningToolIds: ['c1'],
      content: { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'ask', args: {} } }] },
    });
    const [update] = eventToA2aStatusUpdates(event, { session, taskId: 't', contextId: 'c' });
    expect(update?.status?.state).toBe(A2aTaskState.inputRequired);
    expect(update?.status?.message?.parts[0]?.metadata).toEqual({
      adk_type: 'function_call',
      adk_is_long_running: true,
    });
    expect(update?.metadata).toMatchObject({
      adk_app_name: 'app',
      adk_user_id: 'u',
      adk_session_id: 's',
      adk_invocation_id: 'e-1',
      adk_author: 'agent',
      adk_event_id: event.id,
    });
    // And back: the call is long-running on the other side too.
    const back = a2aMessageToEvent(update!.status!.message!, { author: 'remote' });
    expect(back.longRunningToolIds).toEqual(['c1']);
  });

  it('gives auth-required for a credential request, failed for an error', () => {
    const euc = createEvent({
      author: 'agent',
      longRunningToolIds: ['c2'],
      content: {
        role: 'model',
        parts: [{ functionCall: { id: 'c2', name: 'adk_request_credential', args: {} } }],
      },
    });
    expect(
      eventToA2aStatusUpdates(euc, { session, taskId: 't', contextId: 'c' })[0]?.status?.state,
    ).toBe(A2aTaskState.authRequired);
    const failed = createEvent({ author: 'agent', errorCode: 'MODEL_ERROR', errorMessage: 'boom' });
    const [update] = eventToA2aStatusUpdates(failed, { session, taskId: 't', contextId: 'c' });
    expect(update?.status?.state).toBe(A2aTaskState.failed);
    expect(update?.status?.message?.parts[0]?.content).toEqual({ $case: 'text', value: 'boom' });
    expect(update?.metadata?.['adk_error_code']).toBe('MODEL_ERROR');
  });
});

describe('request converter', () => {
  const message: Message = {
    messageId: 'm',
    contextId: 'ctx',
    taskId: '',
    role: A2aRole.user,
    parts: [genaiPartToA2aPart({ text: 'hello' })!],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };

  it('maps the context to the session and an anonymous caller to A2A_USER_<context>', () => {
    expect(a2aRequestToRunRequest({ message, contextId: 'ctx', metadata: { k: 1 } })).toEqual({
      userId: 'A2A_USER_ctx',
      sessionId: 'ctx',
      newMessage: { role: 'user', parts: [{ text: 'hello' }] },
      runConfig: { customMetadata: { a2a_metadata: { k: 1 } } },
    });
    expect(
      a2aRequestToRunRequest({ message, contextId: 'ctx', authenticatedUser: 'ann' }).userId,
    ).toBe('ann');
  });

  it('reads and writes ADK context ids', () => {
    const id = toA2aContextId(session);
    expect(id).toBe('ADK$app$u$s');
    expect(fromA2aContextId(id)).toEqual(session);
    expect(fromA2aContextId('other')).toBeUndefined();
  });
});
