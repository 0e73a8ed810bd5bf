import { describe, expect, it } from 'vitest';
import { InputValidationError } from '../errors/input-validation-error.js';
import { assertStoredId, pathIdProblem, storedIdProblem } from './stored-id.js';

describe('the stored-id rule', () => {
  it.each([
    'session-1',
    '6f1c8a52-0c43-4d39-9a5e-2f8d3b1d5e77',
    'x'.repeat(128),
    '😀'.repeat(128),
    'a b',
    'group/user123',
    '..',
  ])('accepts %j', (id) => {
    expect(storedIdProblem(id)).toBeUndefined();
  });

  it.each([
    ['', 'must not be empty'],
    ['x'.repeat(129), 'must be at most 128 characters long'],
    ['😀'.repeat(129), 'must be at most 128 characters long'],
    ['a\0b', 'must not contain control characters or unpaired surrogates'],
    ['line\nbreak', 'must not contain control characters or unpaired surrogates'],
    ['del\u007f', 'must not contain control characters or unpaired surrogates'],
    ['c1\u0085', 'must not contain control characters or unpaired surrogates'],
    ['half\ud800', 'must not contain control characters or unpaired surrogates'],
    ['\udc00half', 'must not contain control characters or unpaired surrogates'],
  ])('refuses %j', (id, problem) => {
    expect(storedIdProblem(id)).toBe(problem);
  });

  it('refuses what is not a string', () => {
    expect(storedIdProblem(42)).toBe('must be a string');
  });

  it('in the HTTP API also refuses separators and dot segments', () => {
    expect(pathIdProblem('user-1')).toBeUndefined();
    expect(pathIdProblem('.hidden')).toBeUndefined();
    for (const id of ['../x', 'a/b', 'a\\b']) {
      expect(pathIdProblem(id)).toBe('must not contain / or \\');
    }
    for (const id of ['.', '..']) expect(pathIdProblem(id)).toBe('must not be . or ..');
    expect(pathIdProblem('a\0')).toBe('must not contain control characters or unpaired surrogates');
  });

  it('assertStoredId throws InputValidationError naming the argument and the value', () => {
    let caught: unknown;
    try {
      assertStoredId('bad\0id', 'sessionId');
    } catch (error) {
      caught = error;
    }
    expect(InputValidationError.isInstance(caught)).toBe(true);
    expect((caught as InputValidationError).argument).toBe('sessionId');
    expect((caught as Error).message).toBe(
      'Invalid sessionId "bad\\u0000id": it must not contain control characters or unpaired surrogates.',
    );
  });
});
