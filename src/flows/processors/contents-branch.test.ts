import { describe, expect, it } from 'vitest';
import { createEvent, type Event } from '../../events/event.js';
import type { Content } from '../../types/index.js';
import { getContents } from './contents.js';

// Ports tests/unittests/flows/llm_flows/test_contents_branch.py: a child sees
// its ancestors' events, never its parent's children or its siblings'
// (spec 000 §4.3, §10.1; adk-python.md §5 behaviour 2).

const user = (text: string): Content => ({ role: 'user', parts: [{ text }] });
const model = (text: string): Content => ({ role: 'model', parts: [{ text }] });
const context = (text: string): Content => ({
  role: 'user',
  parts: [{ text: 'For context:' }, { text }],
});

function event(invocationId: string, author: string, content: Content, branch?: string): Event {
  return createEvent({ invocationId, author, content, ...(branch ? { branch } : {}) });
}

describe('getContents: branch filtering (spec 000 §4.3 _is_event_belongs_to_branch)', () => {
  it("shows a child its parent's events, not look-alike branches (test_branch_filtering_child_sees_parent)", () => {
    const events = [
      event('inv1', 'user', user('User message')),
      event('inv2', 'parent_agent', model('Parent agent response'), 'parent_agent'),
      event('inv3', 'child_agent', model('Child agent response'), 'parent_agent.child_agent'),
      event('inv4', 'child_agent', model('Excluded response 1'), 'parent_agent.child_agent000'),
      event('inv5', 'child_agent', model('Excluded response 2'), 'parent_agent.child'),
    ];
    expect(getContents('parent_agent.child_agent', events, 'child_agent')).toEqual([
      user('User message'),
      context('[parent_agent] said: Parent agent response'),
      model('Child agent response'),
    ]);
  });

  it("hides siblings' events (test_branch_filtering_excludes_sibling_agents)", () => {
    const events = [
      event('inv1', 'user', user('User message')),
      event('inv2', 'parent_agent', model('Parent response'), 'parent_agent'),
      event('inv3', 'child_agent1', model('Child1 response'), 'parent_agent.child_agent1'),
      event('inv4', 'child_agent2', model('Sibling response'), 'parent_agent.child_agent2'),
    ];
    expect(getContents('parent_agent.child_agent1', events, 'child_agent1')).toEqual([
      user('User message'),
      context('[parent_agent] said: Parent response'),
      model('Child1 response'),
    ]);
  });

  it('shows everything when the agent has no branch (test_branch_filtering_no_branch_allows_all)', () => {
    const events = [
      event('inv1', 'user', user('No branch message')),
      event('inv2', 'agent1', model('Agent with branch'), 'agent1'),
      event('inv3', 'user', user('Another no branch')),
    ];
    expect(getContents(undefined, events, 'current_agent')).toEqual([
      user('No branch message'),
      context('[agent1] said: Agent with branch'),
      user('Another no branch'),
    ]);
  });

  it('shows a grandchild all its ancestors (test_branch_filtering_grandchild_sees_grandparent)', () => {
    const events = [
      event('inv1', 'grandparent_agent', model('Grandparent response'), 'grandparent_agent'),
      event('inv2', 'parent_agent', model('Parent response'), 'grandparent_agent.parent_agent'),
      event(
        'inv3',
        'grandchild_agent',
        model('Grandchild response'),
        'grandparent_agent.parent_agent.grandchild_agent',
      ),
      event(
        'inv4',
        'sibling_agent',
        model('Sibling response'),
        'grandparent_agent.parent_agent.sibling_agent',
      ),
    ];
    expect(
      getContents('grandparent_agent.parent_agent.grandchild_agent', events, 'grandchild_agent'),
    ).toEqual([
      context('[grandparent_agent] said: Grandparent response'),
      context('[parent_agent] said: Parent response'),
      model('Grandchild response'),
    ]);
  });

  it("hides children's events from their parent (test_branch_filtering_parent_cannot_see_child)", () => {
    const events = [
      event('inv1', 'user', user('User message')),
      event('inv2', 'parent_agent', model('Parent response'), 'parent_agent'),
      event('inv3', 'child_agent', model('Child response'), 'parent_agent.child_agent'),
      event(
        'inv4',
        'grandchild_agent',
        model('Grandchild response'),
        'parent_agent.child_agent.grandchild_agent',
      ),
    ];
    expect(getContents('parent_agent', events, 'parent_agent')).toEqual([
      user('User message'),
      model('Parent response'),
    ]);
  });

  it('does not leak a.bc into a.b, nor a.b into a.bc', () => {
    const events = [
      event('inv1', 'b', model('From a.b'), 'a.b'),
      event('inv1', 'bc', model('From a.bc'), 'a.bc'),
      event('inv1', 'a', model('From a'), 'a'),
    ];
    expect(getContents('a.b', events, 'b')).toEqual([
      model('From a.b'),
      context('[a] said: From a'),
    ]);
    expect(getContents('a.bc', events, 'bc')).toEqual([
      model('From a.bc'),
      context('[a] said: From a'),
    ]);
  });
});
