import type { Message, Part as A2aPart } from '@a2a-js/sdk';
import { describe, expect, it } from 'vitest';
import type { Part } from '../../types/index.js';
import { A2aRole } from './a2a-enums.js';
import { a2aRequestToRunRequest, createRequestConverter } from './request-converter.js';

// Cases of adk-python's tests/unittests/a2a/converters/test_request_converter.py.

function text(value: string): A2aPart {
  return { content: { $case: 'text', value }, metadata: undefined, filename: '', mediaType: '' };
}

function message(parts: A2aPart[]): Message {
  return {
    messageId: 'm',
    contextId: 'ctx',
    taskId: '',
    role: A2aRole.user,
    parts,
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

describe('a2aRequestToRunRequest', () => {
  it('runs on the context id as session, as the caller named by the server', () => {
    const seen: A2aPart[] = [];
    const converted: Part[] = [{ text: 'test part 1' }, { text: 'test part 2' }];
    const result = a2aRequestToRunRequest({
      message: message([text('a'), text('b')]),
      contextId: 'test_context_123',
      userName: 'test_user',
      metadata: { test_key: 'test_value' },
      partConverter: (part) => {
        seen.push(part);
        return converted[seen.length - 1];
      },
    });
    expect(result).toEqual({
      userId: 'test_user',
      sessionId: 'test_context_123',
      newMessage: { role: 'user', parts: converted },
      runConfig: {
        streamingMode: 'none',
        customMetadata: { a2a_metadata: { test_key: 'test_value' } },
      },
    });
    expect(seen).toEqual([text('a'), text('b')]);
  });

  it.each([
    ['no user name', undefined],
    ['an empty user name', ''],
  ])('names a caller with %s A2A_USER_<context id>', (_label, userName) => {
    const result = a2aRequestToRunRequest({
      message: message([text('hello')]),
      contextId: 'test_context',
      userName,
    });
    expect(result.userId).toBe('A2A_USER_test_context');
    expect(result.sessionId).toBe('test_context');
  });

  it('gives an empty user message for a message without parts, and no a2a_metadata without metadata', () => {
    for (const metadata of [undefined, {}]) {
      expect(
        a2aRequestToRunRequest({ message: message([]), contextId: 'session_123', metadata }),
      ).toEqual({
        userId: 'A2A_USER_session_123',
        sessionId: 'session_123',
        newMessage: { role: 'user', parts: [] },
        runConfig: { streamingMode: 'none', customMetadata: {} },
      });
    }
  });

  it('leaves out parts the converter cannot convert', () => {
    const result = a2aRequestToRunRequest({
      message: message([text('keep'), text('drop')]),
      contextId: 'c',
      partConverter: (part) =>
        part.content?.$case === 'text' && part.content.value === 'keep'
          ? { text: 'keep' }
          : undefined,
    });
    expect(result.newMessage.parts).toEqual([{ text: 'keep' }]);
  });
});

describe('createRequestConverter', () => {
  it('runs with the streaming mode it was made with', () => {
    const converter = createRequestConverter('sse');
    expect(converter({ message: message([text('hi')]), contextId: 'c' }).runConfig).toEqual({
      streamingMode: 'sse',
      customMetadata: {},
    });
  });
});
