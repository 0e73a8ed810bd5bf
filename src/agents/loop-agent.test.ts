import { describe, expect, it } from 'vitest';
import type { Event } from '../events/event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { ScriptedAgent, modelText, userText } from '../testing/test-agents.js';
import { runOnce, texts } from '../testing/run-once.js';
import { exitLoop } from '../tools/exit-loop-tool.js';
import { LlmAgent } from './llm-agent.js';
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

  describe('resumed after a sub-agent stored its end mark, before the next checkpoint', () => {
    async function runAndResume(checker: LlmAgent, worker: LlmAgent) {
      const loop = new LoopAgent({ name: 'loop', maxIterations: 2, subAgents: [checker, worker] });
      const runner = new InMemoryRunner({
        agent: loop,
        appName: 'app',
        resumabilityConfig: { isResumable: true },
      });
      await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
      let invocationId = '';
      // Stops where a process dying after the checker's end mark would.
      for await (const event of runner.runAsync({
        userId: 'u',
        sessionId: 's',
        newMessage: userText('go'),
      })) {
        invocationId = event.invocationId;
        if (event.author === 'checker' && event.actions.endOfAgent) break;
      }
      const resumed: Event[] = [];
      for await (const event of runner.runAsync({ userId: 'u', sessionId: 's', invocationId }))
        resumed.push(event);
      return resumed.filter((event) => event.content).map((event) => event.author);
    }

    it('the finished sub-agent does not run again; the pass goes on', async () => {
      const checkerModel = new ScriptedLlm({ responses: [textResponse('c1'), textResponse('c2')] });
      const checker = new LlmAgent({ name: 'checker', model: checkerModel });
      const workerModel = new ScriptedLlm({ responses: [textResponse('w1'), textResponse('w2')] });
      const worker = new LlmAgent({ name: 'worker', model: workerModel });
      expect(await runAndResume(checker, worker)).toEqual(['worker', 'checker', 'worker']);
      expect(checkerModel.requests).toHaveLength(2);
      expect(workerModel.requests).toHaveLength(2);
    });

    it('an escalation among its stored events still ends the loop', async () => {
      const checkerModel = new ScriptedLlm({ responses: [functionCallResponse('exit_loop', {})] });
      const checker = new LlmAgent({ name: 'checker', model: checkerModel, tools: [exitLoop] });
      const workerModel = new ScriptedLlm({ responses: [textResponse('w1')] });
      const worker = new LlmAgent({ name: 'worker', model: workerModel });
      expect(await runAndResume(checker, worker)).toEqual([]);
      expect(checkerModel.requests).toHaveLength(1);
      expect(workerModel.requests).toHaveLength(0);
    });
  });
});
