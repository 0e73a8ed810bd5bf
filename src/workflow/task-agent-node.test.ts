import { describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import type { Event } from '../events/event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { FINISH_TASK_TOOL_NAME } from '../tools/finish-task-tool.js';
import { AgentNode } from './agent-node.js';
import { FunctionNode } from './function-node.js';
import { START } from './start.js';
import { Workflow } from './workflow.js';
import { ids } from './workflow-run-test-fixtures.js';

async function turn(runner: InMemoryRunner, text: string): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of runner.runAsync({
    userId: ids.userId,
    sessionId: ids.sessionId,
    newMessage: { role: 'user', parts: [{ text }] },
  })) {
    events.push(event);
  }
  return events;
}

describe('A task agent as a static graph node (004 §10, workflow/utils/_workflow_graph_utils.py build_node)', () => {
  it('is accepted, and waits for its output: it is not rejected as Python does not reject it', () => {
    const agent = new LlmAgent({
      name: 'intake',
      model: new ScriptedLlm({ responses: [] }),
      mode: 'task',
    });
    const node = new AgentNode(agent);
    expect(node.waitForOutput).toBe(true);
    expect(
      new AgentNode(new LlmAgent({ name: 'one', model: new ScriptedLlm({ responses: [] }) }))
        .waitForOutput,
    ).toBe(false);
    expect(() => new Workflow({ name: 'wf', edges: [[START, agent]] })).not.toThrow();
  });

  it('asks the user, waits across the turn, then hands its finish_task output downstream', async () => {
    const intake = new LlmAgent({
      name: 'intake',
      description: 'Collects the customer name.',
      model: new ScriptedLlm({
        responses: [
          textResponse('What is your name?'),
          functionCallResponse(FINISH_TASK_TOOL_NAME, { result: 'Jane' }),
        ],
      }),
      mode: 'task',
    });
    const seen: unknown[] = [];
    const greet = new FunctionNode('greet', (_ctx: unknown, input: unknown) => {
      seen.push(input);
      return `Hello ${(input as { result: string }).result}`;
    });
    const workflow = new Workflow({ name: 'wf', edges: [[START, intake, greet]] });
    const runner = new InMemoryRunner({ agent: workflow, appName: ids.appName });
    await runner.sessionService.createSession(ids);

    const first = await turn(runner, 'I want to order.');
    expect(first.some((event) => event.content?.parts?.[0]?.text === 'What is your name?')).toBe(
      true,
    );
    expect(seen).toEqual([]);
    // Not a delegated task: its scope is its node path.
    const question = first.find((event) => event.author === 'intake')!;
    expect(question.isolationScope).toBe('wf@1/intake@1');

    const second = await turn(runner, 'Jane');
    expect(second[0]!.invocationId).toBe(first[0]!.invocationId);
    const session = await runner.sessionService.getSession(ids);
    const reply = session!.events.find((event) => event.content?.parts?.[0]?.text === 'Jane')!;
    expect(reply.isolationScope).toBe('wf@1/intake@1');
    expect(seen).toEqual([{ result: 'Jane' }]);
    const outputs = second.filter((event) => event.output !== undefined && event.output !== null);
    expect(outputs.map((event) => [event.nodeInfo?.path, event.output])).toEqual([
      ['wf@1/intake@1', { result: 'Jane' }],
      ['wf@1/greet@1', 'Hello Jane'],
    ]);
  });
});
