import { describe, expect, it } from 'vitest';
import type { Content } from '../../types/index.js';
import { deepClone } from '../../utils/deep-clone.js';
import { removeClientFunctionCallIds } from '../client-function-call-ids.js';
import { cloneContentWithoutClientIds } from './contents-clone.js';

// The one-walk copy must give exactly what the two steps give: same keys in
// the same order, same values and prototypes, and the same error when the
// two steps throw.
function twoSteps(content: unknown): unknown {
  const copy = deepClone(content) as Content;
  removeClientFunctionCallIds(copy);
  return copy;
}

function outcome(run: () => unknown): unknown {
  try {
    return { value: describeValue(run()) };
  } catch (error) {
    return { error: `${(error as Error).constructor.name}: ${(error as Error).message}` };
  }
}

// Key order, prototypes and undefined made visible.
function describeValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null)
    return value === undefined ? '<undefined>' : value;
  if (Array.isArray(value)) return value.map(describeValue);
  const prototype = Object.getPrototypeOf(value) as object | null;
  const tag =
    prototype === Object.prototype ? 'object' : prototype === null ? 'null-proto' : 'other';
  return [tag, Object.entries(value).map(([key, field]) => [key, describeValue(field)])];
}

function withProtoKey<T extends object>(value: T): T {
  Object.defineProperty(value, '__proto__', {
    value: { polluted: true },
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return value;
}

class CallLike {
  id = 'adk-class';
  name = 'tool';
}

const cases: Record<string, unknown> = {
  'client ids dropped, model ids kept': {
    role: 'model',
    parts: [
      { functionCall: { name: 'a', id: 'adk-1', args: { x: [1, { y: 2 }] } } },
      { functionResponse: { id: 'call-2', name: 'a', response: { ok: true } } },
      { text: 'hi', thought: true },
    ],
  },
  'id first, then other keys': {
    role: 'user',
    parts: [{ functionResponse: { id: 'adk-3', name: 'a' } }],
  },
  'empty and missing ids': {
    role: 'model',
    parts: [{ functionCall: { name: 'a', id: '' } }, { functionCall: { name: 'b' } }],
  },
  'null id': { role: 'model', parts: [{ functionCall: { name: 'a', id: null } }] },
  'numeric id throws like the two steps': {
    role: 'model',
    parts: [{ functionCall: { name: 'a', id: 5 } }],
  },
  'null part throws like the two steps': { role: 'model', parts: [null] },
  'class-instance call': { role: 'model', parts: [{ functionCall: new CallLike() }] },
  'falsy call': { role: 'model', parts: [{ functionCall: 0, functionResponse: '' }] },
  'parts not an array': { role: 'model', parts: { 0: { functionCall: { id: 'adk-x' } } } },
  'no parts': { role: 'model' },
  'null prototypes': Object.assign(Object.create(null) as object, {
    role: 'model',
    parts: [
      Object.assign(Object.create(null) as object, {
        functionCall: Object.assign(Object.create(null) as object, { id: 'adk-9', name: 'q' }),
      }),
    ],
  }),
  '__proto__ keys': withProtoKey({
    role: 'model',
    parts: [withProtoKey({ functionCall: withProtoKey({ id: 'adk-9', name: 'q' }) })],
  }),
  'bytes and extra keys': {
    parts: [{ functionResponse: { name: 'a', id: 'adk-', response: { b: new Uint8Array([1]) } } }],
    role: 'user',
    extra: [1, { y: 2 }],
  },
};

describe('cloneContentWithoutClientIds', () => {
  for (const [name, content] of Object.entries(cases)) {
    it(`matches deepClone + removeClientFunctionCallIds: ${name}`, () => {
      expect(outcome(() => cloneContentWithoutClientIds(content as Content))).toEqual(
        outcome(() => twoSteps(content)),
      );
    });
  }

  it('shares nothing with the source and leaves it unchanged', () => {
    const source: Content = {
      role: 'model',
      parts: [{ functionCall: { name: 'a', id: 'adk-1', args: { nested: { list: [1] } } } }],
    };
    const before = JSON.stringify(source);
    const copy = cloneContentWithoutClientIds(source);
    expect(JSON.stringify(source)).toBe(before);
    expect(copy.parts).not.toBe(source.parts);
    expect(copy.parts?.[0]?.functionCall?.args).not.toBe(source.parts?.[0]?.functionCall?.args);
    expect(copy.parts?.[0]?.functionCall).toEqual({ name: 'a', args: { nested: { list: [1] } } });
  });
});
