import { describe, expect, it } from 'vitest';
import { SerialQueue } from './serial-queue.js';

describe('SerialQueue', () => {
  it('starts a task only once the one before it settled, failures included', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    let releaseFirst!: () => void;
    const first = queue.run(
      () =>
        new Promise<void>((resolve) => {
          log.push('first started');
          releaseFirst = () => {
            log.push('first done');
            resolve();
          };
        }),
    );
    const second = queue.run(() => {
      log.push('second started');
      return Promise.reject(new Error('second failed'));
    });
    const third = queue.run(() => {
      log.push('third started');
      return Promise.resolve(3);
    });
    // The first task is running; the others wait for it.
    await Promise.resolve();
    expect(log).toEqual(['first started']);
    releaseFirst();
    await first;
    await expect(second).rejects.toThrow('second failed');
    await expect(third).resolves.toBe(3);
    expect(log).toEqual(['first started', 'first done', 'second started', 'third started']);
  });
});
