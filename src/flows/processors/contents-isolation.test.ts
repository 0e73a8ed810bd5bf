import { describe, expect, it } from 'vitest';
import { createEvent, type Event } from '../../events/event.js';
import {
  eventsInIsolationScope,
  SINGLE_TURN_NUDGE,
  taskInputContent,
} from './contents-isolation.js';

function said(author: string, text: string, fields: Partial<Event> = {}): Event {
  return createEvent({
    author,
    content: { role: author === 'user' ? 'user' : 'model', parts: [{ text }] },
    ...fields,
  });
}

describe('Isolation scopes in the history (004 §10, flows/llm_flows/context/_contents.py)', () => {
  const unscoped = said('user', 'hello');
  const delegation = createEvent({
    author: 'coordinator',
    content: {
      role: 'model',
      parts: [{ functionCall: { id: 'call-1', name: 'researcher', args: { request: 'find é' } } }],
    },
  });
  const scoped = said('researcher', 'which topic?', { isolationScope: 'call-1' });
  const otherScope = said('writer', 'draft', { isolationScope: 'call-2' });
  const events = [unscoped, delegation, scoped, otherScope];

  it('an unscoped agent sees only unscoped events', () => {
    expect(eventsInIsolationScope(events, undefined)).toEqual([unscoped, delegation]);
  });

  it('a scoped agent sees only the events of exactly its scope', () => {
    expect(eventsInIsolationScope(events, 'call-1')).toEqual([scoped]);
    expect(eventsInIsolationScope(events, 'call-2')).toEqual([otherScope]);
  });

  it('returns the same list, uncopied, when every event is in scope', () => {
    const history = [unscoped, delegation];
    expect(eventsInIsolationScope(history, undefined)).toBe(history);
  });

  it('treats a stored null scope as unset', () => {
    const stored = { ...unscoped, isolationScope: null } as unknown as Event;
    expect(eventsInIsolationScope([stored], undefined)).toEqual([stored]);
  });

  it("starts a task agent's history with the delegation call's arguments as json.dumps writes them", () => {
    expect(taskInputContent(events, 'call-1')).toEqual({
      role: 'user',
      parts: [{ text: '{"request": "find é"}' }],
    });
  });

  it('adds the single-turn nudge after the input of a single-turn agent', () => {
    expect(taskInputContent(events, 'call-1', { isSingleTurn: true })?.parts).toEqual([
      { text: '{"request": "find é"}' },
      { text: SINGLE_TURN_NUDGE },
    ]);
  });

  it('for a <name>@<invocation> scope, takes that invocation’s user message', () => {
    const message = said('user', 'summarise this', { invocationId: 'e-7' });
    expect(taskInputContent([message], 'summariser@e-7')).toEqual({
      role: 'user',
      parts: [{ text: 'summarise this' }],
    });
  });

  it('falls back to the node input in userContent, and is undefined with no source', () => {
    expect(
      taskInputContent([], 'node@1', { userContent: { role: 'user', parts: [{ text: 'in' }] } }),
    ).toEqual({ role: 'user', parts: [{ text: 'in' }] });
    expect(taskInputContent([], 'call-9')).toBeUndefined();
  });
});
