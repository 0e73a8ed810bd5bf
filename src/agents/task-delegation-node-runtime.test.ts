import { describe, expect, it } from 'vitest';
import type { Event } from '../events/event.js';
import {
  functionCallResponse,
  ScriptedLlm,
  textResponse,
  type ScriptedTurn,
} from '../testing/scripted-llm.js';
import { FINISH_TASK_TOOL_NAME } from '../tools/finish-task-tool.js';
import { LlmAgent } from './llm-agent.js';
import { newSessionRunner, runTurn, storedEvents } from './task-mode-test-fixtures.js';

function coordinatorWith(coordinatorTurns: ScriptedTurn[], researcherTurns: ScriptedTurn[]) {
  const researcherModel = new ScriptedLlm({ responses: researcherTurns });
  const coordinatorModel = new ScriptedLlm({ responses: coordinatorTurns });
  const researcher = new LlmAgent({
    name: 'researcher',
    description: 'Researches a question.',
    model: researcherModel,
    mode: 'task',
  });
  const coordinator = new LlmAgent({
    name: 'coordinator',
    model: coordinatorModel,
    subAgents: [researcher],
  });
  return { coordinator, coordinatorModel, researcherModel };
}

/** The text of the last event with content (a resumable app ends a run with a state-only event). */
function lastText(events: Event[]): string | undefined {
  return events.filter((event) => event.content).at(-1)?.content?.parts?.[0]?.text;
}

describe('A delegated task is a node run (004 §10, workflow/_llm_agent_wrapper.py _dispatch_task_fc)', () => {
  it('runs as a child of the coordinator node with the call id as its run id', async () => {
    const app = coordinatorWith(
      [
        functionCallResponse('researcher', { request: 'Capital of France?' }, 'task-1'),
        textResponse('Paris.'),
      ],
      [functionCallResponse(FINISH_TASK_TOOL_NAME, { result: 'Paris' })],
    );
    const runner = await newSessionRunner(app.coordinator);
    const events = await runTurn(runner, 'hi');

    const coordinatorEvents = events.filter((event) => event.author === 'coordinator');
    expect(coordinatorEvents.length).toBeGreaterThan(0);
    for (const event of coordinatorEvents) expect(event.nodeInfo?.path).toBe('coordinator@1');

    const taskEvents = events.filter((event) => event.author === 'researcher');
    expect(taskEvents.length).toBeGreaterThan(0);
    for (const event of taskEvents) {
      expect(event.nodeInfo?.path).toBe('coordinator@1/researcher@task-1');
      expect(event.branch).toBe('researcher@task-1');
      expect(event.isolationScope).toBe('task-1');
    }
    const finished = taskEvents.find((event) => event.output !== undefined)!;
    expect(finished.output).toEqual({ result: 'Paris' });
    expect(finished.nodeInfo?.outputFor).toEqual(['coordinator@1/researcher@task-1']);

    // The task's answer to the call is the user's, in the coordinator's node and scope.
    const answer = events.find((event) =>
      event.content?.parts?.some((part) => part.functionResponse?.name === 'researcher'),
    )!;
    expect(answer.author).toBe('user');
    expect(answer.nodeInfo?.path).toBe('coordinator@1');
    expect(answer.isolationScope).toBeUndefined();
    expect(new Set(events.map((event) => event.invocationId)).size).toBe(1);
  });
});

describe('A reply to a paused task (004 §10, workflow/_node_runner_utils.py run_node_async, runners._find_active_task_scope)', () => {
  it.each([false, true])(
    'joins the invocation of the paused task, whose run is found again by its run id (resumable app: %s)',
    async (resumable) => {
      const app = coordinatorWith(
        [
          functionCallResponse('researcher', { request: 'Capital?' }, 'task-1'),
          textResponse('The capital is Paris.'),
          textResponse('You are welcome.'),
        ],
        [
          textResponse('Of which country?'),
          functionCallResponse(FINISH_TASK_TOOL_NAME, { result: 'Paris' }),
        ],
      );
      const runner = await newSessionRunner(app.coordinator, { resumable });
      const first = await runTurn(runner, 'hi');
      const pausedInvocation = first[0]!.invocationId;
      expect(lastText(first)).toBe('Of which country?');

      const second = await runTurn(runner, 'France');
      const stored = await storedEvents(runner);
      const reply = stored.find((event) => event.content?.parts?.[0]?.text === 'France')!;
      expect(reply.invocationId).toBe(pausedInvocation);
      expect(reply.isolationScope).toBe('task-1');
      for (const event of second) expect(event.invocationId).toBe(pausedInvocation);
      const resumed = second.filter((event) => event.author === 'researcher');
      expect(resumed.length).toBeGreaterThan(0);
      for (const event of resumed) {
        expect(event.nodeInfo?.path).toBe('coordinator@1/researcher@task-1');
      }
      expect(lastText(second)).toBe('The capital is Paris.');

      // Once the task has finished, the next message starts an invocation of its own.
      const third = await runTurn(runner, 'Thanks');
      expect(third[0]!.invocationId).not.toBe(pausedInvocation);
      expect(lastText(third)).toBe('You are welcome.');
      expect(app.researcherModel.requests).toHaveLength(2);
    },
  );
});
