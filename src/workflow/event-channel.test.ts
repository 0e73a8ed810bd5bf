import { describe, expect, it } from 'vitest';
import { createEvent } from '../events/event.js';
import { EventChannel } from './event-channel.js';

describe('EventChannel (004 §2 event queue, _node_runner.py _enqueue_event)', () => {
  it('resolves an emit only after the consumer took the event and came back', async () => {
    const channel = new EventChannel();
    const steps: string[] = [];
    const work = (async () => {
      await channel.emit(createEvent({ author: 'a' }));
      steps.push('a committed');
      await channel.emit(createEvent({ author: 'b' }));
      steps.push('b committed');
    })();
    for await (const event of channel.drain(work, () => steps.push('stopped'))) {
      steps.push(`took ${event.author}`);
    }
    expect(steps).toEqual(['took a', 'a committed', 'took b', 'b committed']);
  });

  it('calls stop and releases waiting emitters when the consumer stops early', async () => {
    const channel = new EventChannel();
    let stopped = false;
    let released = 0;
    const work = Promise.all(
      ['a', 'b'].map(async (author) => {
        await channel.emit(createEvent({ author }));
        released += 1;
      }),
    );
    for await (const event of channel.drain(work, () => (stopped = true))) {
      if (event.author === 'a') break;
    }
    await work;
    expect(stopped).toBe(true);
    expect(released).toBe(2);
    await channel.emit(createEvent({ author: 'late' }));
  });

  it('ends when the work fails, leaving the error to the caller', async () => {
    const channel = new EventChannel();
    const work = (async () => {
      await channel.emit(createEvent({ author: 'a' }));
      throw new Error('failed');
    })();
    const seen: string[] = [];
    for await (const event of channel.drain(work, () => undefined)) seen.push(event.author);
    expect(seen).toEqual(['a']);
    await expect(work).rejects.toThrow('failed');
  });
});
