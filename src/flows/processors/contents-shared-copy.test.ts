import { describe, expect, it } from 'vitest';
import { createEvent } from '../../events/event.js';
import type { Content } from '../../types/index.js';
import { deepClone } from '../../utils/deep-clone.js';
import { deepFreeze } from '../../utils/deep-freeze.js';
import { cloneContentWithoutClientIds } from './contents-clone.js';
import { sharedContent } from './contents-shared-copy.js';

// Decision 0011 and issue 3 §6: the model sees copies that share nothing
// mutable with the history, made once per event; a history the store froze
// is shared instead of copied.

const callContent = (): Content => ({
  role: 'model',
  parts: [
    { text: 'calling', thoughtSignature: 'c2ln' },
    { functionCall: { id: 'adk-1', name: 'add', args: { a: 1, nested: { b: [2] } } } },
    { functionCall: { id: 'toolu_9', name: 'add', args: { a: 2 } } },
  ],
});

describe('sharedContent (decision 0011)', () => {
  it('shares a frozen stored event content as it is when no id must go', () => {
    const stored = deepFreeze(
      createEvent({ author: 'm', content: { role: 'model', parts: [{ text: 'hi' }] } }),
    );
    expect(sharedContent(stored.content!, false)).toBe(stored.content);
    const withIds = deepFreeze(createEvent({ author: 'm', content: callContent() }));
    expect(sharedContent(withIds.content!, true)).toBe(withIds.content);
  });

  it('rebuilds only the path to a client id, equal to the full copy, and frozen', () => {
    const stored = deepFreeze(createEvent({ author: 'm', content: callContent() }));
    const shared = sharedContent(stored.content!, false);
    expect(shared).toEqual(cloneContentWithoutClientIds(callContent()));
    expect(Object.keys(shared.parts![1]!.functionCall!)).toEqual(['name', 'args']);
    expect(shared.parts![0]).toBe(stored.content!.parts![0]);
    expect(shared.parts![2]).toBe(stored.content!.parts![2]);
    expect(shared.parts![1]!.functionCall!.args).toBe(
      stored.content!.parts![1]!.functionCall!.args,
    );
    expect(Object.isFrozen(shared)).toBe(true);
    expect(Object.isFrozen(shared.parts)).toBe(true);
    expect(Object.isFrozen(shared.parts![1]!.functionCall)).toBe(true);
    expect(sharedContent(stored.content!, false)).toBe(shared);
  });

  it('deep-copies a content that is not known to be frozen whole', () => {
    const event = createEvent({ author: 'm', content: callContent() });
    const copy = sharedContent(event.content!, true);
    expect(copy).toEqual(callContent());
    expect(copy).not.toBe(event.content);
    event.content!.parts![1]!.functionCall!.args!['a'] = 99;
    expect(copy.parts![1]!.functionCall!.args!['a']).toBe(1);
    // Frozen only on the surface: the nested objects could still change.
    const shallow = createEvent({ author: 'm', content: callContent() });
    Object.freeze(shallow);
    expect(sharedContent(shallow.content!, true)).not.toBe(shallow.content);
    const mixed = createEvent({ author: 'm', content: deepClone(callContent()) });
    Object.freeze(mixed.content!.parts);
    deepFreeze(mixed);
    expect(sharedContent(mixed.content!, true)).not.toBe(mixed.content);
  });
});
