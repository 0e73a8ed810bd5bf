import { describe, expect, it } from 'vitest';
import type { WireEvent } from '../api/types';
import { groupState, latestStateChange } from './state-groups';

function event(id: string, stateDelta?: Record<string, unknown>, partial = false): WireEvent {
  return {
    id,
    invocationId: 'e-1',
    author: 'agent',
    timestamp: 1,
    partial,
    ...(stateDelta ? { actions: { stateDelta } } : {}),
  };
}

describe('groupState', () => {
  it('groups by prefix, session keys first, empty groups left out', () => {
    const groups = groupState({ 'user:name': 'Ada', city: 'Paris', 'app:theme': 'dark', count: 2 });
    expect(groups.map((group) => [group.scope, Object.keys(group.entries)])).toEqual([
      ['session', ['city', 'count']],
      ['app', ['app:theme']],
      ['user', ['user:name']],
    ]);
    expect(groupState({})).toEqual([]);
  });

  it('keeps a "__proto__" key as data', () => {
    const state = JSON.parse('{"__proto__": {"polluted": true}, "temp:x": 1}') as Record<
      string,
      unknown
    >;
    const [session, temp] = groupState(state);
    expect(Object.hasOwn(session?.entries ?? {}, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(temp?.scope).toBe('temp');
  });
});

describe('latestStateChange', () => {
  it('finds the last final event that changed state', () => {
    const change = latestStateChange([
      event('a', { one: 1 }),
      event('b', { two: 2, three: 3 }),
      event('c', {}),
      event('d'),
      event('p', { partial: true }, true),
    ]);
    expect(change?.eventId).toBe('b');
    expect([...(change?.keys ?? [])]).toEqual(['two', 'three']);
    expect(latestStateChange([event('x')])).toBeNull();
  });
});
