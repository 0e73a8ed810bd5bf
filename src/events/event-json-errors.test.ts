import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { eventFromCamelCaseJson, eventFromSnakeCaseJson } from './event-json.js';

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

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
