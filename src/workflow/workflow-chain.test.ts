import { describe, expect, it } from 'vitest';
import { eventFromSnakeCaseJson, eventToSnakeCaseJson } from '../events/event-json.js';
import { WorkflowConfigurationError } from '../errors/workflow-configuration-error.js';
import { graphEdge } from './edge.js';
import { FunctionNode } from './function-node.js';
import { Graph } from './graph.js';
import { START } from './start.js';
import { Workflow } from './workflow.js';
import { SequentialAgent } from '../agents/sequential-agent.js';
import {
  outputs,
  outputsByPath,
  runWorkflow,
  runWorkflowAgent,
} from './workflow-run-test-fixtures.js';

describe('Workflow chains through the Runner (issue 17 §3, _workflow.py)', () => {
  it('runs a chain, each node getting its predecessor output, paths wf@1/<node>@1', async () => {
    const a = new FunctionNode(
      'a',
      (_ctx, input: { parts?: { text?: string }[] }) => `${input.parts?.[0]?.text}-a`,
    );
    const b = new FunctionNode('b', (_ctx, input: string) => `${input}-b`);
    const c = new FunctionNode('c', (_ctx, input: string) => `${input}-c`);
    const wf = new Workflow({ name: 'wf', edges: [[START, a, b, c]] });
    const run = await runWorkflow(wf);
    expect(run.error).toBeUndefined();
    expect(outputsByPath(run.events)).toEqual([
      ['wf@1/a@1', 'start-a'],
      ['wf@1/b@1', 'start-a-b'],
      ['wf@1/c@1', 'start-a-b-c'],
    ]);
  });

  it('marks the terminal output as the workflow output (outputFor) and sends no duplicate', async () => {
    const a = new FunctionNode('a', () => 1);
    const b = new FunctionNode('b', (_ctx, input: number) => input + 1);
    const wf = new Workflow({ name: 'wf', edges: [[START, a, b]] });
    const run = await runWorkflow(wf);
    const withOutput = run.events.filter((event) => event.output !== undefined);
    expect(withOutput.map((event) => event.nodeInfo)).toEqual([
      { path: 'wf@1/a@1', outputFor: ['wf@1/a@1'] },
      { path: 'wf@1/b@1', outputFor: ['wf@1/b@1', 'wf@1'] },
    ]);
    expect(outputs(run.events)).toEqual([1, 2]);
  });

  it("writes Python's field names in the event JSON (node_info, output_for, output)", async () => {
    const a = new FunctionNode('a', () => ({ answer: 42 }));
    const wf = new Workflow({ name: 'wf', edges: [[START, a]] });
    const run = await runWorkflow(wf);
    const [event] = run.stored.filter((stored) => stored.output !== undefined);
    const json = eventToSnakeCaseJson(event!);
    expect(json).toMatchObject({
      author: 'a',
      output: { answer: 42 },
      node_info: { path: 'wf@1/a@1', output_for: ['wf@1/a@1', 'wf@1'] },
    });
    expect(json).not.toHaveProperty('branch');
  });
});

describe('Workflow construction (issue 17 §3, _workflow.py model_post_init)', () => {
  it('takes a prebuilt Graph instead of edges, and rejects both or neither', async () => {
    const a = new FunctionNode('a', () => 'A');
    const graph = new Graph([graphEdge(START, a)]);
    const run = await runWorkflow(new Workflow({ name: 'wf', graph }));
    expect(outputsByPath(run.events)).toEqual([['wf@1/a@1', 'A']]);
    expect(() => new Workflow({ name: 'wf' })).toThrow(
      "Workflow 'wf' needs either edges or a graph (exactly one).",
    );
    expect(() => new Workflow({ name: 'wf', graph, edges: [[START, a]] })).toThrow(
      WorkflowConfigurationError,
    );
  });
});

describe('Workflow event JSON round trip (issue 17 §3, Python field names)', () => {
  it('reads back every event a resumable run stored, checkpoints and error events included', async () => {
    const a = new FunctionNode('a', () => ({ answer: 42 }));
    const b = new FunctionNode('b', () => {
      throw new RangeError('stop');
    });
    const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, a, b]] }), {
      resumable: true,
    });
    expect(run.error).toBeInstanceOf(RangeError);
    const checkpoint = run.stored.find((event) => event.actions.agentState !== undefined);
    expect(eventToSnakeCaseJson(checkpoint!)).toMatchObject({
      author: 'wf',
      actions: { agent_state: { nodes: { a: { status: 2, interrupts: [] } } } },
    });
    const failure = run.stored.find((event) => event.errorCode !== undefined);
    expect(eventToSnakeCaseJson(failure!)).toMatchObject({
      error_code: 'RangeError',
      error_message: 'stop',
      node_info: { path: 'wf@1/b@1' },
    });
    for (const event of run.stored) {
      expect(eventFromSnakeCaseJson(eventToSnakeCaseJson(event))).toEqual(event);
    }
  });
});

describe('Workflow as a sub-agent (issue 17 §3)', () => {
  it('runs inside a SequentialAgent like any agent, its paths rooted at its own name', async () => {
    const a = new FunctionNode('a', () => 'A');
    const wf = new Workflow({ name: 'wf', edges: [[START, a]] });
    const after = new Workflow({
      name: 'after',
      edges: [[START, new FunctionNode('b', () => 'B')]],
    });
    const root = new SequentialAgent({ name: 'root', subAgents: [wf, after] });
    const run = await runWorkflowAgent(root);
    expect(run.error).toBeUndefined();
    expect(outputsByPath(run.events)).toEqual([
      ['wf@1/a@1', 'A'],
      ['after@1/b@1', 'B'],
    ]);
  });
});
