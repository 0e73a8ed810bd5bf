import { describe, expect, it } from 'vitest';
import { getCurrentTurnContents } from './contents.js';
import {
  user,
  model,
  event,
  agentNamed,
  processContents,
  call,
  response,
} from './contents-test-fixtures.js';

describe('contents processor: include_contents (spec 000 §3.6, §4.2; test_contents.py)', () => {
  it('includes the full history by default (test_include_contents_default_full_history)', async () => {
    const events = [
      event('inv1', 'user', user('First message')),
      event('inv2', 'test_agent', model('First response')),
      event('inv3', 'user', user('Second message')),
      event('inv4', 'test_agent', model('Second response')),
      event('inv5', 'user', user('Third message')),
    ];
    expect(await processContents(agentNamed('test_agent'), events)).toEqual([
      user('First message'),
      model('First response'),
      user('Second message'),
      model('Second response'),
      user('Third message'),
    ]);
  });

  it("keeps only the current turn with 'none' (test_include_contents_none_current_turn_only)", async () => {
    const events = [
      event('inv1', 'user', user('First message')),
      event('inv2', 'test_agent', model('First response')),
      event('inv3', 'user', user('Second message')),
      event('inv4', 'test_agent', model('Second response')),
      event('inv5', 'user', user('Current turn message')),
    ];
    const agent = agentNamed('test_agent', { includeContents: 'none' });
    expect(await processContents(agent, events)).toEqual([user('Current turn message')]);
  });

  it("starts the turn at the latest other agent's message (test_include_contents_none_multi_agent_current_turn)", async () => {
    const events = [
      event('inv1', 'user', user('First user message')),
      event('inv2', 'other_agent', model('Other agent response')),
      event('inv3', 'current_agent', model('Current agent first response')),
      event('inv4', 'user', user('Current turn request')),
      event('inv5', 'another_agent', model('Another agent responds')),
      event('inv6', 'current_agent', model('Current agent in turn')),
    ];
    const agent = agentNamed('current_agent', { includeContents: 'none' });
    expect(await processContents(agent, events)).toEqual([
      {
        role: 'user',
        parts: [{ text: 'For context:' }, { text: '[another_agent] said: Another agent responds' }],
      },
      model('Current agent in turn'),
    ]);
  });

  it('starts the turn in the current branch only (test_include_contents_none_multi_branch_current_turn)', async () => {
    const events = [
      event('inv1', 'user', user('First user message'), { branch: 'root' }),
      event('inv1', 'sibling_agent', model('Sibling agent response'), {
        branch: 'root.parent_agent',
      }),
      event('inv1', 'cousin_agent', model('Cousin agent response'), { branch: 'root.uncle_agent' }),
    ];
    const agent = agentNamed('current_agent', { includeContents: 'none' });
    expect(await processContents(agent, events, { branch: 'root.parent_agent' })).toEqual([
      {
        role: 'user',
        parts: [{ text: 'For context:' }, { text: '[sibling_agent] said: Sibling agent response' }],
      },
    ]);
  });

  it("keeps the agent's own calls and responses within the turn (adk-python.md §5 behaviour 3)", async () => {
    const events = [
      event('inv1', 'user', user('Old question')),
      event('inv1', 'test_agent', model('Old answer')),
      event('inv2', 'user', user('Call the tool')),
      event('inv2', 'test_agent', model([call('c1')])),
      event('inv2', 'test_agent', { role: 'user', parts: [response('c1')] }),
    ];
    const agent = agentNamed('test_agent', { includeContents: 'none' });
    expect(await processContents(agent, events)).toEqual([
      user('Call the tool'),
      model([call('c1')]),
      { role: 'user', parts: [response('c1')] },
    ]);
  });

  it('is empty when no event starts a turn', () => {
    const events = [event('inv1', 'test_agent', model('Only my own words'))];
    expect(getCurrentTurnContents(undefined, events, 'test_agent')).toEqual([]);
    expect(getCurrentTurnContents(undefined, [], 'test_agent')).toEqual([]);
  });

  it('looks for the turn start before applying rewinds, so a rewound turn gives nothing (as Python)', () => {
    const events = [
      event('inv1', 'user', user('Kept')),
      event('inv2', 'user', user('Rewound')),
      event('inv3', 'test_agent', undefined, { actions: { rewindBeforeInvocationId: 'inv2' } }),
    ];
    expect(getCurrentTurnContents(undefined, events, 'test_agent')).toEqual([]);
  });
});
