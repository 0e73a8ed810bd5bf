import { describe, expect, it } from 'vitest';
import { alignToolCalls, sameToolCall, stableJson } from './tool-call-diff';

describe('stableJson', () => {
  it('sorts object keys at every depth and drops undefined', () => {
    expect(stableJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"y":2,"z":1}]},"b":1}',
    );
  });
});

describe('alignToolCalls', () => {
  it('pairs calls by position and compares name and arguments', () => {
    const rows = alignToolCalls(
      [
        { name: 'roll_die', args: { sides: 6 } },
        { name: 'check_prime', args: { nums: [4] } },
      ],
      [
        { name: 'roll_die', args: { sides: 6 } },
        { name: 'check_prime', args: { nums: [5] } },
        { name: 'roll_die', args: {} },
      ],
    );
    expect(rows.map((row) => row.matches)).toEqual([true, false, false]);
    expect(rows[2]).toEqual({ actual: { name: 'roll_die', args: {} }, matches: false });
  });

  it('ignores the order of argument keys', () => {
    expect(
      sameToolCall({ name: 'f', args: { a: 1, b: 2 } }, { name: 'f', args: { b: 2, a: 1 } }),
    ).toBe(true);
    expect(sameToolCall({ name: 'f', args: {} }, { name: 'g', args: {} })).toBe(false);
  });

  it('gives no rows for two empty trajectories', () => {
    expect(alignToolCalls([], [])).toEqual([]);
  });
});
