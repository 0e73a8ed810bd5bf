import { describe, expect, it } from 'vitest';
import { createEvent, type Event } from '../events/event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import type { Session } from '../sessions/session.js';
import { FunctionNode } from './function-node.js';
import { firstReplayedEventIndex } from './first-replayed-event.js';
import { START } from './start.js';
import { Workflow } from './workflow.js';

function session(events: Event[]): Session {
  return { id: 's', appName: 'app', userId: 'u', state: {}, events, lastUpdateTime: 0 };
}

const event = (invocationId: string, id: string) =>
  createEvent({ invocationId, id, author: invocationId === 'user' ? 'user' : 'node' });

describe('firstReplayedEventIndex (issue 17 §7 workflow bench; _rehydration_utils.py reads the invocation events)', () => {
  const events = [
    event('i1', 'e1'),
    event('i2', 'e2'),
    event('i1', 'e3'),
    event('i3', 'e4'),
    event('i3', 'e5'),
  ];

  it("starts at the Runner's recorded first event when only the current invocation is replayed", () => {
    const invocation = { session: session(events), invocationId: 'i3', startEventId: 'e4' };
    expect(firstReplayedEventIndex(invocation, new Set(['i3']))).toBe(3);
  });

  it('without a recorded first event (or replaying more invocations), finds the earliest event of any of them', () => {
    const unknown = { session: session(events), invocationId: 'i1', startEventId: undefined };
    expect(firstReplayedEventIndex(unknown, new Set(['i1']))).toBe(0);
    const chain = { session: session(events), invocationId: 'i3', startEventId: 'e4' };
    expect(firstReplayedEventIndex(chain, new Set(['i3', 'i2']))).toBe(1);
    expect(firstReplayedEventIndex(chain, new Set(['nowhere']))).toBe(events.length);
  });

  it('the Runner records the user message as the first event of an invocation under its own id only', async () => {
    const seen: (string | undefined)[] = [];
    const node = new FunctionNode('a', (ctx) => {
      seen.push(ctx.invocation.startEventId);
      return 'done';
    });
    const runner = new InMemoryRunner({
      agent: new Workflow({ name: 'wf', edges: [[START, node]] }),
      appName: 'app',
    });
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    const run = async (invocationId?: string) => {
      for await (const _ of runner.runAsync({
        userId: 'u',
        sessionId: 's',
        newMessage: { role: 'user', parts: [{ text: 'go' }] },
        ...(invocationId ? { invocationId } : {}),
      })) {
        // drained
      }
    };
    await run();
    await run('chosen-by-caller');
    const stored = await runner.sessionService.getSession({
      appName: 'app',
      userId: 'u',
      sessionId: 's',
    });
    const firstUserEvent = stored!.events.find((candidate) => candidate.author === 'user');
    expect(seen).toEqual([firstUserEvent!.id, undefined]);
  });
});
