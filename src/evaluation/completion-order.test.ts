import { describe, expect, it } from 'vitest';
import { inCompletionOrder } from './completion-order.js';

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('inCompletionOrder', () => {
  it('yields results as they complete, never running more than the limit at once', async () => {
    const gates = [deferred<string>(), deferred<string>(), deferred<string>()];
    const started: number[] = [];
    const results = inCompletionOrder([0, 1, 2], 2, (index) => {
      started.push(index);
      return gates[index]!.promise;
    });
    const first = results.next();
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve('one');
    expect(await first).toEqual({ value: 'one', done: false });
    // The freed slot went to the third item.
    expect(started).toEqual([0, 1, 2]);
    gates[2]!.resolve('two');
    gates[0]!.resolve('zero');
    const rest: string[] = [];
    for await (const value of { [Symbol.asyncIterator]: () => results }) rest.push(value);
    expect(rest.sort()).toEqual(['two', 'zero']);
  });

  it('throws the first error and starts nothing more', async () => {
    const started: number[] = [];
    const run = async () => {
      const out: number[] = [];
      for await (const value of inCompletionOrder([0, 1, 2, 3], 1, async (index) => {
        started.push(index);
        if (index === 1) throw new RangeError('boom');
        return index;
      })) {
        out.push(value);
      }
      return out;
    };
    await expect(run()).rejects.toThrow(RangeError);
    expect(started).toEqual([0, 1]);
  });

  it('treats a limit below one as one', async () => {
    const out: number[] = [];
    for await (const value of inCompletionOrder([3, 4], 0, async (n) => n * 2)) out.push(value);
    expect(out).toEqual([6, 8]);
  });
});
