import { describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import { SequentialAgent } from '../agents/sequential-agent.js';
import { LiveRequestQueue } from '../context/live-request-queue.js';
import type { Event } from '../events/event.js';
import { functionCallResponse, textResponse } from '../testing/scripted-llm.js';
import { ScriptedLiveLlm } from '../testing/scripted-live-llm.js';
import { TASK_COMPLETED_INSTRUCTION } from '../tools/task-completed-tool.js';
import { InMemoryRunner } from './in-memory-runner.js';

const userText = (text: string) => ({ role: 'user', parts: [{ text }] });

describe('a live SequentialAgent (adk-python SequentialAgent._run_live_impl)', () => {
  it('gives each LLM sub-agent task_completed; its call hands the queue to the next agent', async () => {
    const greeterModel = new ScriptedLiveLlm({
      turns: [[functionCallResponse('task_completed', {}, 'done-1')]],
    });
    const helperModel = new ScriptedLiveLlm({
      turns: [[textResponse('How can I help?'), { turnComplete: true }]],
    });
    const greeter = new LlmAgent({ name: 'greeter', model: greeterModel, instruction: 'Greet. ' });
    const helper = new LlmAgent({ name: 'helper', model: helperModel });
    const sequence = new SequentialAgent({ name: 'sequence', subAgents: [greeter, helper] });
    const runner = new InMemoryRunner({ agent: sequence, appName: 'app' });
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    const queue = new LiveRequestQueue();
    queue.sendContent(userText('hi'));
    const events: Event[] = [];
    for await (const event of runner.runLive({
      userId: 'u',
      sessionId: 's',
      liveRequestQueue: queue,
      runConfig: { responseModalities: ['TEXT'] },
    })) {
      events.push(event);
      const response = event.content?.parts?.[0]?.functionResponse;
      if (response?.name === 'task_completed') queue.sendContent(userText('next'));
      if (event.turnComplete) queue.close();
    }

    const greeterRequest = greeterModel.requests[0]!;
    expect(greeterRequest.toolNames).toEqual(['task_completed']);
    expect(greeterRequest.config.systemInstruction).toContain(
      `Greet. ${TASK_COMPLETED_INSTRUCTION}`,
    );
    expect(helperModel.requests[0]!.toolNames).toEqual(['task_completed']);
    // The answer is not sent into the greeter's session: it ended with the call.
    expect(greeterModel.connections[0]!.contents).toEqual([userText('hi')]);
    expect(helperModel.connections[0]!.contents).toEqual([userText('next')]);
    expect(events.map((event) => [event.author, event.content?.parts?.[0]])).toEqual([
      ['greeter', { functionCall: { id: 'done-1', name: 'task_completed', args: {} } }],
      [
        'greeter',
        {
          functionResponse: {
            id: 'done-1',
            name: 'task_completed',
            response: { result: 'Task completion signaled.' },
          },
        },
      ],
      ['helper', { text: 'How can I help?' }],
      ['helper', undefined],
    ]);

    // The agent got the tool and the instruction once.
    expect(greeter.tools).toHaveLength(1);
    expect(String(greeter.instruction).split(TASK_COMPLETED_INSTRUCTION)).toHaveLength(2);
  });
});
