import { describe, expect, it } from 'vitest';
import type { WireEvent, WirePart } from '../api/types';
import { RunCallTracker } from './call-failures';
import { applyEvent, chatItems, EMPTY_CHAT } from './chat-model';

let counter = 0;
function event(parts: WirePart[], fields: Partial<WireEvent> = {}): WireEvent {
  counter += 1;
  return {
    id: `e${counter}`,
    invocationId: 'inv-1',
    author: 'agent',
    timestamp: counter,
    content: { role: 'model', parts },
    ...fields,
  };
}

const call = (id: string, name: string): WirePart => ({ functionCall: { id, name, args: {} } });
const answer = (id: string, name: string): WirePart => ({
  functionResponse: { id, name, response: {} },
});

describe('RunCallTracker', () => {
  it('marks the call the frame names with its message, the other pending calls as stopped', () => {
    const tracker = new RunCallTracker();
    tracker.observe(event([call('c1', 'lookup'), call('c2', 'fetch'), call('c3', 'done')]));
    tracker.observe(event([answer('c3', 'done')]));
    const failures = tracker.failuresFor({
      kind: 'error',
      message: 'ToolExecutionError: Tool "lookup" failed: timeout',
      detail: 'Tool "lookup" failed: timeout',
      toolName: 'lookup',
      functionCallId: 'c1',
    });
    expect([...failures]).toEqual([
      ['c1', { toolName: 'lookup', message: 'Tool "lookup" failed: timeout' }],
      [
        'c2',
        { toolName: 'fetch', message: 'Stopped: the run failed before this call got a response.' },
      ],
    ]);
  });

  it('without a named call (a raw error frame), every pending call gets the frame message', () => {
    const tracker = new RunCallTracker();
    tracker.observe(event([call('c1', 'lookup')]));
    tracker.observe(event([{ text: 'partial' }], { partial: true }));
    const failures = tracker.failuresFor({ kind: 'error', message: 'Error: boom', detail: 'boom' });
    expect([...failures]).toEqual([['c1', { toolName: 'lookup', message: 'boom' }]]);
    // Python's frame without details: the whole line.
    expect(tracker.failuresFor({ kind: 'error', message: 'ValueError: x' }).get('c1')).toEqual({
      toolName: 'lookup',
      message: 'ValueError: x',
    });
  });

  it('does not track long-running calls: they wait for the user', () => {
    const tracker = new RunCallTracker();
    tracker.observe(event([call('c1', 'ask_approval')], { longRunningToolIds: ['c1'] }));
    expect(tracker.failuresFor({ kind: 'error', message: 'Error: x' }).size).toBe(0);
  });
});

describe('chatItems with failures', () => {
  it('puts the failure on the card of a call without a response, never on an answered one', () => {
    let chat = applyEvent(EMPTY_CHAT, event([call('c1', 'lookup'), call('c2', 'done')]));
    chat = applyEvent(chat, event([answer('c2', 'done')]));
    const failure = { toolName: 'lookup', message: 'boom' };
    const failures = new Map([
      ['c1', failure],
      ['c2', failure],
    ]);
    const [item] = chatItems(chat, failures);
    expect(item).toMatchObject({
      kind: 'message',
      blocks: [
        { kind: 'call', failure, awaitingUser: false },
        { kind: 'call', failure: undefined, response: { id: 'c2' } },
      ],
    });
  });
});
