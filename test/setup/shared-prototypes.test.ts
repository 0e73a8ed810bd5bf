import { describe, expect, it } from 'vitest';
import { assertPrototypesUnchanged, snapshotPrototypes } from './shared-prototypes.js';

describe('the shared-prototype guard', () => {
  it('passes when nothing changed', () => {
    expect(() => assertPrototypesUnchanged(snapshotPrototypes())).not.toThrow();
  });

  it.each([
    ['Object.prototype', Object.prototype],
    ['Array.prototype', Array.prototype],
    ['Function.prototype', Function.prototype],
  ])('fails when %s gains a key, and removes it', (name, prototype) => {
    const snapshot = snapshotPrototypes();
    expect(() => {
      (prototype as Record<string, unknown>)['polluted'] = 'yes';
      assertPrototypesUnchanged(snapshot);
    }).toThrow(`${name} gained polluted`);
    expect(Object.hasOwn(prototype, 'polluted')).toBe(false);
  });

  it('fails when a merge through __proto__ pollutes Object.prototype', () => {
    const snapshot = snapshotPrototypes();
    const target: Record<string, unknown> = {};
    const source = JSON.parse('{"__proto__": {"polluted": "yes"}}') as Record<string, unknown>;
    expect(() => {
      // The unsafe merge the guard exists to catch.
      const inner = target['__proto__'] as Record<string, unknown>;
      for (const [key, value] of Object.entries(source['__proto__'] as object)) inner[key] = value;
      assertPrototypesUnchanged(snapshot);
    }).toThrow('Object.prototype gained polluted');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
