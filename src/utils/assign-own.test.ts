import { describe, expect, it } from 'vitest';
import { assignOwn } from './assign-own.js';

describe('assignOwn', () => {
  it('copies own keys only', () => {
    const source = Object.assign(Object.create({ inherited: 1 }) as object, { own: 2 });
    expect(assignOwn({ kept: 0 }, source)).toEqual({ kept: 0, own: 2 });
  });

  it.each(['__proto__', 'constructor', 'prototype'])('copies %s as an own data key', (key) => {
    const source = JSON.parse(`{"${key}": {"polluted": "yes"}}`) as object;
    const copy = assignOwn({} as Record<string, unknown>, source);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual([key]);
    expect(Object.getOwnPropertyDescriptor(copy, key)?.value).toEqual({ polluted: 'yes' });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
