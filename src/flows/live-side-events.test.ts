import { describe, expect, it, vi } from 'vitest';
import { createEvent } from '../events/event.js';
import type { LlmResponse } from '../events/llm-response.js';
import { LiveSideEvents, withSideEvents } from './live-side-events.js';

/** A model stream the test feeds by hand; `closed` tells whether it was closed. */
function manualStream() {
  const waiting: ((response: IteratorResult<LlmResponse>) => void)[] = [];
  const state = { closed: false };
  const iterable: AsyncIterable<LlmResponse> = {
    [Symbol.asyncIterator]: () => ({
      next: () => new Promise((resolve) => waiting.push(resolve)),
      return: () => {
        state.closed = true;
        return Promise.resolve({ done: true, value: undefined });
      },
    }),
  };
  const send = (response: LlmResponse | undefined) =>
    waiting.shift()!(
      response ? { done: false, value: response } : { done: true, value: undefined },
    );
  return { iterable, send, state, waiting };
}

describe('withSideEvents', () => {
  it('yields a side event while the model is silent, and model responses as they come', async () => {
    const side = new LiveSideEvents();
    const stream = manualStream();
    const merged = withSideEvents(stream.iterable, side);
    const first = merged.next();
    side.push(createEvent({ author: 'agent', invocationId: 'i' }));
    expect(await first).toMatchObject({ value: { sideEvent: { author: 'agent' } } });
    const second = merged.next();
    stream.send({ turnComplete: true });
    expect(await second).toEqual({ done: false, value: { response: { turnComplete: true } } });
    const end = merged.next();
    stream.send(undefined);
    expect(await end).toEqual({ done: true, value: undefined });
  });

  it('stops at once when the consumer stops during a read, closing the stream once the read settles', async () => {
    const side = new LiveSideEvents();
    const stream = manualStream();
    const merged = withSideEvents(stream.iterable, side);
    const first = merged.next();
    side.push(createEvent({ author: 'agent', invocationId: 'i' }));
    await first;
    // The model read started by the next pull is still pending when the consumer leaves.
    const pending = merged.next();
    side.push(createEvent({ author: 'agent', invocationId: 'i' }));
    await pending;
    await merged.return(undefined);
    expect(stream.state.closed).toBe(false);
    stream.send(undefined);
    await vi.waitFor(() => expect(stream.state.closed).toBe(true));
  });
});
