import { describe, expect, it } from 'vitest';
import { ScriptedAgent, modelText } from '../testing/test-agents.js';
import { runOnce, texts } from '../testing/run-once.js';
import { LoopAgent } from './loop-agent.js';

describe('LoopAgent (issue 2 §4, spec 003 §2)', () => {
  it('repeats its sub-agents maxIterations times', async () => {
    const loop = new LoopAgent({
      name: 'loop',
      maxIterations: 3,
      subAgents: [
        new ScriptedAgent({ name: 'a', steps: [{ content: modelText('a') }] }),
        new ScriptedAgent({ name: 'b', steps: [{ content: modelText('b') }] }),
      ],
    });
    const { events } = await runOnce(loop);
    expect(texts(events)).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
  });

  it('stops as soon as an event escalates, skipping the rest of the pass', async () => {
    let passes = 0;
    const loop = new LoopAgent({
      name: 'loop',
      subAgents: [
        new ScriptedAgent({
          name: 'checker',
          steps: [
            () => {
              passes += 1;
              return passes === 2
                ? [{ content: modelText('stop'), actions: { escalate: true } }]
                : [{ content: modelText('again') }];
            },
          ],
        }),
        new ScriptedAgent({ name: 'after', steps: [{ content: modelText('after') }] }),
      ],
    });
    const { events } = await runOnce(loop);
    expect(texts(events)).toEqual(['again', 'after', 'stop']);
  });

  it('maxIterations 0 or unset loops until escalation', async () => {
    let count = 0;
    const loop = new LoopAgent({
      name: 'loop',
      maxIterations: 0,
      subAgents: [
        new ScriptedAgent({
          name: 'counter',
          steps: [
            () => [{ content: modelText(String(++count)), actions: { escalate: count === 5 } }],
          ],
        }),
      ],
    });
    const { events } = await runOnce(loop);
    expect(texts(events)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('in a resumable app checkpoints current_sub_agent and times_looped (Python field names)', async () => {
    const loop = new LoopAgent({
      name: 'loop',
      maxIterations: 2,
      subAgents: [new ScriptedAgent({ name: 'a', steps: [{ content: modelText('a') }] })],
    });
    const { events } = await runOnce(loop, { resumabilityConfig: { isResumable: true } });
    const checkpoints = events
      .filter((event) => event.author === 'loop')
      .map((event) => event.actions);
    expect(checkpoints.map((actions) => actions.agentState ?? { end: actions.endOfAgent })).toEqual(
      [
        { current_sub_agent: 'a', times_looped: 0 },
        { current_sub_agent: 'a', times_looped: 1 },
        { end: true },
      ],
    );
  });
});
