import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { adkMetadataKey, fromA2aContextId, toA2aContextId } from './metadata-keys.js';

// Cases of adk-python's tests/unittests/a2a/converters/test_utils.py.
describe('adkMetadataKey', () => {
  it('prefixes the key with adk_, whitespace included', () => {
    expect(adkMetadataKey('test_key')).toBe('adk_test_key');
    expect(adkMetadataKey('   ')).toBe('adk_   ');
  });

  it('refuses an empty key', () => {
    expect(() => adkMetadataKey('')).toThrow(InvalidArgumentError);
    expect(() => adkMetadataKey('')).toThrow('Metadata key cannot be empty or None');
  });
});

describe('A2A context ids', () => {
  const session = { appName: 'test-app@2024', userId: 'user_123', sessionId: 'session-456' };

  it('joins ADK, app, user and session with $, and reads them back', () => {
    const id = toA2aContextId(session);
    expect(id).toBe('ADK$test-app@2024$user_123$session-456');
    expect(fromA2aContextId(id)).toEqual(session);
  });

  it.each([
    ['app', { appName: '', userId: 'user', sessionId: 'session' }],
    ['user', { appName: 'app', userId: '', sessionId: 'session' }],
    ['session', { appName: 'app', userId: 'user', sessionId: '' }],
  ])('refuses an empty %s', (_label, ids) => {
    expect(() => toA2aContextId(ids)).toThrow(
      'All parameters (app_name, user_id, session_id) must be non-empty',
    );
  });

  it.each([
    ['no id', undefined],
    ['an empty id', ''],
    ['another prefix', 'INVALID$test-app$test-user$test-session'],
    ['too few parts', 'ADK$test-app$test-user'],
    ['too many parts', 'ADK$test-app$test-user$test-session$extra'],
    ['an empty part', 'ADK$$test-user$test-session'],
    ['no $ separators', 'ADK-test-app-test-user-test-session'],
  ])('names no session for %s', (_label, id) => {
    expect(fromA2aContextId(id)).toBeUndefined();
  });
});
