import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { SequentialAgent } from '../agents/sequential-agent.js';
import { GraphValidationError } from '../errors/graph-validation-error.js';
import { ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { ScriptedAgent } from '../testing/test-agents.js';
import { AgentNode } from './agent-node.js';
import { FunctionNode } from './function-node.js';
import type { NodeContext } from './node-context.js';
import { node } from './node-builder.js';
import { START } from './start.js';
import { Workflow } from './workflow.js';
import { outputsByPath, runWorkflow } from './workflow-run-test-fixtures.js';

function scriptedAgent(
  name: string,
  replies: string[],
  extra: Partial<ConstructorParameters<typeof LlmAgent>[0]> = {},
) {
  const model = new ScriptedLlm({ responses: replies.map((reply) => textResponse(reply)) });
  return { model, agent: new LlmAgent({ name, model, instruction: 'Answer.', ...extra }) };
}

const userTexts = (model: ScriptedLlm, call = 0) =>
  model.requests[call]!.contents.map((content) => [
    content.role,
    (content.parts ?? []).map((part) => part.text ?? '').join(''),
  ]);

describe('LlmAgent as a node (issue 17 §2, _llm_agent_wrapper.py run_llm_agent_as_node)', () => {
  it('answers its input as a single turn: the input is the only user content, the reply text the output', async () => {
    const { model, agent } = scriptedAgent('writer', ['a poem about tea']);
    const seen: unknown[] = [];
    const topic = new FunctionNode('topic', () => 'tea');
    const after = new FunctionNode('after', (_ctx: NodeContext, input: unknown) => {
      seen.push(input);
      return 'done';
    });
    const wf = new Workflow({ name: 'wf', edges: [[START, topic, agent, after]] });
    const run = await runWorkflow(wf, { message: 'the user message' });
    expect(run.error).toBeUndefined();
    // single_turn and includeContents 'none': the model sees the node input, not the user's message.
    expect((agent as unknown as { mode: string }).mode).toBe('single_turn');
    expect(agent.includeContents).toBe('none');
    expect(userTexts(model)).toEqual([['user', 'tea']]);
    expect(seen).toEqual(['a poem about tea']);
    const reply = run.events.find((event) => event.author === 'writer' && event.content);
    expect(reply?.nodeInfo).toMatchObject({ path: 'wf@1/writer@1', messageAsOutput: true });
    expect(outputsByPath(run.events)).toContainEqual(['wf@1/writer@1', 'a poem about tea']);
  });

  it('sends a non-string input as its JSON text, and the START message as it is', async () => {
    const { model, agent } = scriptedAgent('reader', ['ok', 'ok']);
    const data = new FunctionNode('data', () => ({ city: 'Porto', days: 2 }));
    await runWorkflow(new Workflow({ name: 'wf', edges: [[START, data, agent]] }));
    expect(userTexts(model)).toEqual([['user', '{"city":"Porto","days":2}']]);
    const first = scriptedAgent('first', ['ok']);
    await runWorkflow(new Workflow({ name: 'wf', edges: [[START, first.agent]] }), {
      message: 'hello there',
    });
    expect(userTexts(first.model)).toEqual([['user', 'hello there']]);
  });

  it('outputs the parsed, validated JSON with an outputSchema', async () => {
    const Forecast = z.object({ city: z.string(), temperature: z.number() });
    const { agent } = scriptedAgent('forecaster', ['{"city":"Porto","temperature":21}'], {
      outputSchema: Forecast,
    });
    const seen: unknown[] = [];
    const after = new FunctionNode('after', (_ctx: NodeContext, input: unknown) => {
      seen.push(input);
    });
    const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, agent, after]] }));
    expect(run.error).toBeUndefined();
    expect(seen).toEqual([{ city: 'Porto', temperature: 21 }]);
  });

  it('keeps an includeContents the agent set explicitly', async () => {
    const { agent } = scriptedAgent('keeper', ['ok'], { includeContents: 'default' });
    await runWorkflow(new Workflow({ name: 'wf', edges: [[START, agent]] }));
    expect(agent.includeContents).toBe('default');
  });

  it('node(agent) builds an AgentNode named after the agent, once per agent; node(workflow) is its graph node', () => {
    const { agent } = scriptedAgent('helper', []);
    const built = node(agent);
    expect(built).toBeInstanceOf(AgentNode);
    expect(built.name).toBe('helper');
    const inner = new Workflow({ name: 'inner', edges: [[START, new FunctionNode('x', () => 1)]] });
    expect(node(inner)).toBe(inner.node);
    const wf = new Workflow({
      name: 'wf',
      edges: [
        [START, agent],
        [agent, inner],
      ],
    });
    expect(wf.graph.nodes.filter((graphNode) => graphNode.name === 'helper')).toHaveLength(1);
  });

  it('rejects an unknown mode when it runs', async () => {
    const { agent } = scriptedAgent('odd', ['ok']);
    (agent as unknown as { mode: string }).mode = 'loud';
    const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, agent]] }));
    expect((run.error as Error).message).toContain("has mode='loud'");
  });
});

describe('Other agents as nodes (issue 17 §2, BaseAgent._run_impl)', () => {
  it('runs a custom agent as it runs as a sub-agent: its events pass through on the node path, no output', async () => {
    const custom = new ScriptedAgent({
      name: 'custom',
      steps: [{ content: { role: 'model', parts: [{ text: 'hi from custom' }] } }],
    });
    const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, custom]] }));
    expect(run.error).toBeUndefined();
    const said = run.events.find((event) => event.content?.parts?.[0]?.text === 'hi from custom');
    expect(said).toMatchObject({ author: 'custom', nodeInfo: { path: 'wf@1/custom@1' } });
    expect(said?.output).toBeUndefined();
  });
});

describe('Agents in a graph (issue 17 §2, _graph_validation.py)', () => {
  it('rejects a chat-mode agent after a node other than START (_validate_chat_agent_wiring)', () => {
    const { agent } = scriptedAgent('chatty', []);
    (agent as unknown as { mode: string }).mode = 'chat';
    const before = new FunctionNode('before', () => 'x');
    const error = captureError(() => new Workflow({ name: 'wf', edges: [[START, before, agent]] }));
    expect(GraphValidationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ rule: 'chat-agent-after-node', nodeNames: ['chatty', 'before'] });
    // Straight after START a chat agent is allowed.
    expect(() => new Workflow({ name: 'wf', edges: [[START, agent]] })).not.toThrow();
  });

  it('rejects SequentialAgent and friends as nodes, also inside a ParallelWorker (_validate_no_old_orchestrators)', () => {
    const { agent } = scriptedAgent('step', []);
    const sequence = new SequentialAgent({ name: 'seq', subAgents: [agent] });
    const error = captureError(() => new Workflow({ name: 'wf', edges: [[START, sequence]] }));
    expect(error).toMatchObject({ rule: 'old-orchestrator', nodeNames: ['seq'] });
    const wrapped = captureError(
      () =>
        new Workflow({ name: 'wf', edges: [[START, node(sequence, { parallelWorker: true })]] }),
    );
    expect(wrapped).toMatchObject({ rule: 'old-orchestrator', nodeNames: ['seq'] });
  });
});

function captureError(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  return undefined;
}
