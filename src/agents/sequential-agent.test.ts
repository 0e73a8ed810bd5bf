import { describe, expect, it } from 'vitest';
import { ScriptedAgent, modelText } from '../testing/test-agents.js';
import { runOnce, texts } from '../testing/run-once.js';
import { SequentialAgent } from './sequential-agent.js';

describe('SequentialAgent (issue 2 §4, spec 003 §2)', () => {
  it('runs sub-agents in order, each on the parent branch (none at the top)', async () => {
    const sequence = new SequentialAgent({
      name: 'sequence',
      subAgents: [
        new ScriptedAgent({ name: 'first', steps: [{ content: modelText('1') }] }),
        new ScriptedAgent({
          name: 'second',
          steps: [{ content: modelText('2') }, { content: modelText('3') }],
        }),
      ],
    });
    const { events } = await runOnce(sequence);
    expect(texts(events)).toEqual(['1', '2', '3']);
    expect(events.map((event) => event.author)).toEqual(['first', 'second', 'second']);
    expect(events.every((event) => event.branch === undefined)).toBe(true);
  });

  it('a later sub-agent sees state committed by an earlier one (spec 001 "State Updates")', async () => {
    let seen: unknown;
    const sequence = new SequentialAgent({
      name: 'sequence',
      subAgents: [
        new ScriptedAgent({
          name: 'writer',
          steps: [{ actions: { stateDelta: { topic: 'tides' } } }],
        }),
        new ScriptedAgent({
          name: 'reader',
          steps: [
            (context) => {
              seen = context.session.state['topic'];
            },
          ],
        }),
      ],
    });
    await runOnce(sequence);
    expect(seen).toBe('tides');
  });

  it('with no sub-agents yields nothing', async () => {
    const { events } = await runOnce(new SequentialAgent({ name: 'empty' }));
    expect(events).toEqual([]);
  });

  it('in a resumable app checkpoints each sub-agent in snake_case and ends with end_of_agent (spec 000 §10.2)', async () => {
    const sequence = new SequentialAgent({
      name: 'sequence',
      subAgents: [
        new ScriptedAgent({ name: 'first', steps: [{ content: modelText('1') }] }),
        new ScriptedAgent({ name: 'second', steps: [{ content: modelText('2') }] }),
      ],
    });
    const { events } = await runOnce(sequence, { resumabilityConfig: { isResumable: true } });
    expect(
      events.map((event) => [event.author, event.actions.agentState, event.actions.endOfAgent]),
    ).toEqual([
      ['sequence', { current_sub_agent: 'first' }, undefined],
      ['first', undefined, undefined],
      ['sequence', { current_sub_agent: 'second' }, undefined],
      ['second', undefined, undefined],
      ['sequence', undefined, true],
    ]);
  });
});
