import { describe, expect, it } from 'vitest';
import { NestingTooDeepError } from '../errors/nesting-too-deep-error.js';
import { assertNestingWithin, nestsDeeperThan } from './nesting-depth.js';

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level++) value = level % 2 === 0 ? { a: value } : [value];
  return value;
}

describe('nestsDeeperThan', () => {
  it('counts the value itself as level 1 and primitives as level 0', () => {
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan({}, 1)).toBe(false);
    expect(nestsDeeperThan(nested(10), 10)).toBe(false);
    expect(nestsDeeperThan(nested(11), 10)).toBe(true);
  });

  it('follows every member, not only the first', () => {
    expect(nestsDeeperThan({ a: 1, b: [2, { c: { d: {} } }] }, 4)).toBe(true);
    expect(nestsDeeperThan({ a: 1, b: [2, { c: { d: {} } }] }, 5)).toBe(false);
  });

  it('survives values far deeper than the stack allows', () => {
    const text = '{"a":'.repeat(200_000) + '1' + '}'.repeat(200_000);
    expect(nestsDeeperThan(JSON.parse(text), 128)).toBe(true);
  });

  it('treats a cycle as too deep and binary data as a leaf', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(nestsDeeperThan(cyclic, 50)).toBe(true);
    expect(nestsDeeperThan({ data: new Uint8Array(100_000) }, 1)).toBe(false);
  });

  it('assertNestingWithin throws a typed error naming the value', () => {
    let caught: unknown;
    try {
      assertNestingWithin(nested(5), 4, 'state');
    } catch (error) {
      caught = error;
    }
    expect(NestingTooDeepError.isInstance(caught)).toBe(true);
    expect((caught as NestingTooDeepError).limit).toBe(4);
    expect((caught as Error).message).toBe(
      'state nests objects and arrays more than 4 levels deep; flatten it to at most 4 levels.',
    );
  });
});
