import type { WireEvent } from '../api/types';

/**
 * The ids of the events a rewind took out of the conversation, as the
 * contents processor leaves them out of the model's requests (spec 000 §4.1
 * step 1): walking back from the end, an event with
 * `actions.rewindBeforeInvocationId` hides itself and every event back to
 * the first one of that invocation.
 */
export function rewoundEventIds(events: readonly WireEvent[]): Set<string> {
  const rewound = new Set<string>();
  for (let index = events.length - 1; index >= 0; index--) {
    const target = events[index]!.actions?.rewindBeforeInvocationId;
    if (!target) continue;
    const first = events.findIndex((event) => event.invocationId === target);
    // A rewind to an invocation that is not listed hides nothing but itself.
    const stop = first === -1 || first > index ? index : first;
    for (let hidden = index; hidden >= stop; hidden--) rewound.add(events[hidden]!.id);
    index = stop;
  }
  return rewound;
}

/** The ids of the events that start an invocation (the first event of each invocation id). */
export function invocationStartIds(events: readonly WireEvent[]): Set<string> {
  const seen = new Set<string>();
  const starts = new Set<string>();
  for (const event of events) {
    if (seen.has(event.invocationId)) continue;
    seen.add(event.invocationId);
    starts.add(event.id);
  }
  return starts;
}
