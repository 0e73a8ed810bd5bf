import { describe, expect, it } from 'vitest';
import { State } from './state.js';
import { applyStateDelta, extractStateDelta, mergeState } from './state-delta.js';

describe('State (spec 002 §5; spec 001 "Dirty Reads")', () => {
  it('reads see the delta first, then the committed value', () => {
    const state = new State({ a: 1, b: 2 }, { b: 3 });
    expect(state.get('a')).toBe(1);
    expect(state.get('b')).toBe(3);
    expect(state.get('missing')).toBeUndefined();
    expect(state.get('missing', 'fallback')).toBe('fallback');
    expect(state.has('b')).toBe(true);
    expect(state.toRecord()).toEqual({ a: 1, b: 3 });
  });

  it('writes go to both the live value and the delta (dirty reads)', () => {
    const value: Record<string, unknown> = {};
    const delta: Record<string, unknown> = {};
    const state = new State(value, delta);
    expect(state.hasDelta()).toBe(false);
    state.set('k', 'v');
    state.update({ 'user:x': 1, 'temp:t': true });
    expect(value).toEqual({ k: 'v', 'user:x': 1, 'temp:t': true });
    expect(delta).toEqual({ k: 'v', 'user:x': 1, 'temp:t': true });
    expect(state.hasDelta()).toBe(true);
  });

  it('never reaches Object.prototype through untrusted keys', () => {
    const state = new State({}, {});
    expect(state.get('constructor')).toBeUndefined();
    expect(state.has('toString')).toBe(false);
    state.set('__proto__', 'plain');
    expect(state.get('__proto__')).toBe('plain');
    expect(Object.getPrototypeOf(state.toRecord())).toBe(Object.prototype);
  });

  it('has Python’s prefixes', () => {
    expect([State.APP_PREFIX, State.USER_PREFIX, State.TEMP_PREFIX]).toEqual([
      'app:',
      'user:',
      'temp:',
    ]);
  });
});

describe('state deltas by scope (spec 002 §5, spec 000 §7.4)', () => {
  it('splits app:, user: and session keys and drops temp:', () => {
    expect(extractStateDelta({ 'app:a': 1, 'user:u': 2, s: 3, 'temp:t': 4 })).toEqual({
      app: { a: 1 },
      user: { u: 2 },
      session: { s: 3 },
    });
  });

  it('merges scopes back under their prefixes', () => {
    expect(mergeState({ a: 1 }, { u: 2 }, { s: 3 })).toEqual({ 'app:a': 1, 'user:u': 2, s: 3 });
  });

  it('a null value removes the key', () => {
    const target: Record<string, unknown> = { keep: 1, drop: 2 };
    applyStateDelta(target, { drop: null, added: 0, falsy: false });
    expect(target).toEqual({ keep: 1, added: 0, falsy: false });
  });
});
