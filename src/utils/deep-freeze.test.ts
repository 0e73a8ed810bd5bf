import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { NestingTooDeepError } from '../errors/nesting-too-deep-error.js';
import { deepClone } from './deep-clone.js';
import { deepFreeze, deepFrozenCopy, isFrozenThrough } from './deep-freeze.js';

// Decision 0011: stored history is deep-frozen and shared; isFrozenThrough
// tells which objects may be shared without a copy.

const sample = () => ({
  id: 'e1',
  content: {
    role: 'model',
    parts: [{ text: 'hi' }, { functionCall: { name: 'f', args: { a: [1, { b: 2 }] } } }],
  },
  actions: { stateDelta: {}, artifactDelta: {} },
});

describe('deepFreeze / deepFrozenCopy / isFrozenThrough', () => {
  it('deepFreeze freezes everything reachable, and isFrozenThrough sees it', () => {
    const value = deepFreeze(sample());
    expect(Object.isFrozen(value.content.parts[1]!.functionCall!.args.a[1])).toBe(true);
    expect(isFrozenThrough(value)).toBe(true);
    expect(isFrozenThrough(value.content)).toBe(true);
    expect(isFrozenThrough(sample())).toBe(false);
    expect(isFrozenThrough(Object.freeze(sample()))).toBe(false);
    expect(isFrozenThrough('text')).toBe(true);
  });

  it('leaves what an object frozen by someone else holds, and isFrozenThrough sees that', () => {
    const value = sample();
    Object.freeze(value.content.parts);
    deepFreeze(value);
    expect(Object.isFrozen(value.actions)).toBe(true);
    expect(isFrozenThrough(value)).toBe(false);
  });

  it('deepFrozenCopy equals deepClone, shares nothing, and is frozen through', () => {
    const source = sample();
    const copy = deepFrozenCopy(source);
    expect(copy).toEqual(deepClone(source));
    expect(copy.content).not.toBe(source.content);
    expect(Object.isFrozen(copy.content.parts[1]!.functionCall!.args.a)).toBe(true);
    expect(isFrozenThrough(copy)).toBe(true);
    source.content.parts[0]!.text = 'changed';
    expect(copy.content.parts[0]!.text).toBe('hi');
    const withProto = JSON.parse('{"__proto__": {"x": 1}}') as Record<string, unknown>;
    const protoCopy = deepFrozenCopy(withProto);
    expect(Object.keys(protoCopy)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(protoCopy)).toBe(Object.prototype);
  });

  it('deepFrozenCopy shares a value frozen through instead of copying it', () => {
    const shared = deepFreeze({ stateDelta: {}, artifactDelta: {} });
    const copy = deepFrozenCopy({ id: 'e1', actions: shared });
    expect(copy.actions).toBe(shared);
    expect(isFrozenThrough(copy)).toBe(true);
    const frozenOnTop = Object.freeze({ stateDelta: {} as Record<string, unknown> });
    const second = deepFrozenCopy({ actions: frozenOnTop });
    expect(second.actions).not.toBe(frozenOnTop);
    expect(second.actions).toEqual(frozenOnTop);
  });

  it('copies structured values without freezing them (then the copy is not frozen through)', () => {
    const source = { bytes: new Uint8Array([1, 2]), when: new Date(0) };
    const copy = deepFrozenCopy(source);
    expect(copy.bytes).toEqual(new Uint8Array([1, 2]));
    expect(copy.bytes).not.toBe(source.bytes);
    expect(Object.isFrozen(copy)).toBe(true);
    expect(isFrozenThrough(copy)).toBe(false);
  });

  it('a frozen copy carries nothing but its fields', () => {
    const copy = deepFrozenCopy(sample());
    expect(Object.keys(copy)).toEqual(['id', 'content', 'actions']);
    expect(Reflect.ownKeys(copy)).toEqual(['id', 'content', 'actions']);
    expect(JSON.parse(JSON.stringify(copy))).toEqual(sample());
    expect(isFrozenThrough({ ...copy })).toBe(false);
    expect(isFrozenThrough(structuredClone(copy))).toBe(false);
    expect(copy).toEqual(sample());
  });

  it('shares one frozen empty object and array inside copies, and keeps a copied empty root its own', () => {
    const copy = deepFrozenCopy({ a: {}, b: [], c: { d: {} }, e: Object.create(null) as object });
    expect(copy.a).toBe(copy.c.d);
    expect(copy.a).toBe(copy.e);
    expect(Object.isFrozen(copy.a)).toBe(true);
    expect(Object.isFrozen(copy.b)).toBe(true);
    expect(copy).toEqual({ a: {}, b: [], c: { d: {} }, e: {} });
    const root = deepFrozenCopy({});
    expect(root).not.toBe(copy.a);
    expect(isFrozenThrough(root)).toBe(true);
    expect(deepFrozenCopy({})).not.toBe(root);
    expect(isFrozenThrough(deepFreeze({ nested: copy.a }))).toBe(true);
  });

  it('copies a root into a plain object, whatever constructor V8 sizes it by', () => {
    const root = deepFrozenCopy({
      id: 'e1',
      author: 'a',
      timestamp: 1.5,
      content: { role: 'user' },
    });
    expect(Object.getPrototypeOf(root)).toBe(Object.prototype);
    expect(root.constructor).toBe(Object);
    expect(inspect(root)).toBe(
      "{ id: 'e1', author: 'a', timestamp: 1.5, content: { role: 'user' } }",
    );
    expect(structuredClone(root)).toEqual(root);
    expect(Object.getPrototypeOf(deepFrozenCopy({}))).toBe(Object.prototype);
  });

  it('isFrozenThrough gives up past 64 levels instead of following a frozen cycle', () => {
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    Object.freeze(cycle);
    expect(isFrozenThrough(cycle)).toBe(false);
    expect(isFrozenThrough(Object.freeze({ when: Object.freeze(new Date(0)) }))).toBe(false);
  });

  it('issue 15: with a limit, deepFrozenCopy refuses nesting past it with NestingTooDeepError instead of overflowing', () => {
    const nested = (levels: number) => {
      let value: unknown = 'leaf';
      for (let level = 0; level < levels; level++) value = level % 2 ? [value] : { a: value };
      return value;
    };
    const limit = { maxDepth: 10, argument: 'event' };
    expect(deepFrozenCopy(nested(10), limit)).toEqual(nested(10));
    for (const levels of [11, 200_000]) {
      let caught: unknown;
      try {
        deepFrozenCopy(nested(levels), limit);
      } catch (error) {
        caught = error;
      }
      expect(NestingTooDeepError.isInstance(caught)).toBe(true);
      expect((caught as Error).message).toContain('event nests objects and arrays more than 10');
    }
  });
});
