import { describe, expect, it } from 'vitest';
import { createEvent } from '../events/event.js';
import type { Session } from '../sessions/session.js';
import { T0, sessionSuiteHelpers, type SessionSuiteContext } from './session-suite-helpers.js';

/** Keys that name prototype members: a store must keep them as plain data keys. */
const UNTRUSTED = ['__proto__', 'constructor', 'prototype'] as const;

// Built by JSON.parse: in an object literal `__proto__` would set the prototype instead.
const json = (text: string): Record<string, unknown> => JSON.parse(text) as Record<string, unknown>;

/** A record holding each untrusted key, with a nested object holding them too. */
function untrustedRecord(prefix = ''): Record<string, unknown> {
  return json(
    `{${UNTRUSTED.map((key) => `"${prefix}${key}": {"polluted": "${key}", "${key}": {"n": 1}}`).join(', ')}}`,
  );
}

/** Asserts `value` is a plain object with exactly `keys` as own data keys and no pollution. */
function expectOwnKeys(value: unknown, keys: readonly string[]): void {
  expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  expect(Object.keys(value as object).sort()).toEqual([...keys].sort());
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  for (const key of keys) {
    const field: unknown = Object.getOwnPropertyDescriptor(value, key)?.value;
    if (typeof field === 'object' && field !== null && !Array.isArray(field)) {
      expect(Object.getPrototypeOf(field)).toBe(Object.prototype);
    }
  }
}

/**
 * Keys such as `__proto__`, `constructor` and `prototype` in state, state
 * deltas and event fields (issue 16 §5): every store keeps them as own data
 * keys through create, append and read, in each scope, never changes an
 * object's prototype with them, and never reads an inherited member as data.
 */
export function describeUntrustedKeys(context: () => SessionSuiteContext): void {
  const { create, mustGet, appendState } = sessionSuiteHelpers(context);
  const scoped = [
    ...UNTRUSTED,
    ...UNTRUSTED.map((key) => `app:${key}`),
    ...UNTRUSTED.map((key) => `user:${key}`),
  ];
  const scopedState = (): Record<string, unknown> => ({
    ...untrustedRecord(),
    ...untrustedRecord('app:'),
    ...untrustedRecord('user:'),
    ...untrustedRecord('temp:'),
  });

  describe('keys that name prototype members', () => {
    it('issue 16 §5: state given at create keeps __proto__, constructor and prototype as own keys in every scope', async () => {
      const session = await create('u1', 's1', scopedState());
      expectOwnKeys(session.state, scoped);
      const found = await mustGet(session);
      expectOwnKeys(found.state, scoped);
      expect(found.state).toEqual(json(JSON.stringify(session.state)));
      const sibling = await create('u1', 's2');
      expectOwnKeys(
        sibling.state,
        scoped.filter((key) => key.includes(':')),
      );
    });

    it('issue 16 §5: a state delta with those keys round-trips through append and read as own data keys', async () => {
      const session = await create('u1', 's1');
      const returned = await appendState(session, scopedState(), T0 + 1);
      expectOwnKeys(returned.actions.stateDelta, scoped);
      expectOwnKeys(session.state, [...scoped, ...UNTRUSTED.map((key) => `temp:${key}`)]);
      const found = await mustGet(session);
      expectOwnKeys(found.state, scoped);
      expectOwnKeys(found.events[0]?.actions.stateDelta, scoped);
      expect(found.state['constructor']).toEqual({
        polluted: 'constructor',
        constructor: { n: 1 },
      });
      const proto = Object.getOwnPropertyDescriptor(found.state, '__proto__')?.value as object;
      expectOwnKeys(proto, ['polluted', '__proto__']);
      const { sessions } = await context().service.listSessions({
        appName: context().app,
        userId: 'u1',
      });
      expectOwnKeys(sessions[0]?.state, scoped);
    });

    it('issue 16 §5: a null delta removes an own constructor key, and removing an absent one changes nothing', async () => {
      const session = await create(
        'u1',
        's1',
        json('{"constructor": 1, "app:prototype": 2, "__proto__": 3}'),
      );
      await appendState(
        session,
        json('{"constructor": null, "app:prototype": null, "__proto__": null}'),
        T0 + 1,
      );
      expectOwnKeys(session.state, []);
      expectOwnKeys((await mustGet(session)).state, []);
      await appendState(session, json('{"prototype": null, "user:constructor": null}'), T0 + 2);
      expectOwnKeys((await mustGet(session)).state, []);
    });

    it('issue 16 §5: an inherited member is never read as stored state', async () => {
      const session = await create('u1', 's1', { k: 1 });
      await appendState(session, { other: 2 }, T0 + 1);
      const found: Session = await mustGet(session);
      expect(Object.hasOwn(found.state, 'constructor')).toBe(false);
      expect(Object.hasOwn(found.state, 'toString')).toBe(false);
      expect(found.state).toEqual({ k: 1, other: 2 });
    });

    it('issue 16 §5: those keys in artifact deltas, auth configs, confirmations and custom metadata come back as own keys', async () => {
      const { service } = context();
      const session = await create('u1', 's1');
      const keyed = (value: string) =>
        json(`{"__proto__": ${value}, "constructor": ${value}, "prototype": ${value}}`);
      const event = createEvent({
        author: 'agent',
        timestamp: T0 + 1,
        customMetadata: untrustedRecord(),
        actions: {
          artifactDelta: keyed('1') as Record<string, number>,
          requestedAuthConfigs: keyed('{"authScheme": {"type": "http"}}') as never,
          requestedToolConfirmations: keyed('{"hint": "h", "confirmed": false}') as never,
        },
      });
      await service.appendEvent({ session, event });
      const stored = (await mustGet(session)).events[0];
      expectOwnKeys(stored?.customMetadata, UNTRUSTED);
      expectOwnKeys(stored?.actions.artifactDelta, UNTRUSTED);
      expectOwnKeys(stored?.actions.requestedAuthConfigs, UNTRUSTED);
      expectOwnKeys(stored?.actions.requestedToolConfirmations, UNTRUSTED);
      expect(stored?.actions.artifactDelta).toEqual(keyed('1'));
    });
  });
}
