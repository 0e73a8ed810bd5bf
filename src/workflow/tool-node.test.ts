import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import type { Context } from '../context/context.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { FunctionTool } from '../tools/function-tool.js';
import { FunctionNode } from './function-node.js';
import type { NodeContext } from './node-context.js';
import { node } from './node-builder.js';
import { NodeTool } from './node-tool.js';
import { START } from './start.js';
import { ToolNode } from './tool-node.js';
import { Workflow } from './workflow.js';
import { outputsByPath, runWorkflow, runWorkflowAgent } from './workflow-run-test-fixtures.js';

const addTool = () =>
  new FunctionTool({
    name: 'add',
    description: 'Adds two numbers.',
    parameters: z.object({ a: z.number(), b: z.number() }),
    execute: ({ a, b }: { a: number; b: number }, context: Context) => {
      context.state.set('last_sum', a + b);
      return a + b;
    },
  });

describe('ToolNode (issue 17 §2, _tool_node.py)', () => {
  it('calls the tool with the input as its arguments; the result is the output, the state delta goes with it', async () => {
    const args = new FunctionNode('args', () => ({ a: 2, b: 3 }));
    const wf = new Workflow({ name: 'wf', edges: [[START, args, node(addTool())]] });
    const run = await runWorkflow(wf);
    expect(run.error).toBeUndefined();
    const result = run.events.find((event) => event.nodeInfo?.path === 'wf@1/add@1');
    expect(result?.output).toBe(5);
    expect(result?.actions.stateDelta).toEqual({ last_sum: 5 });
  });

  it('reads a JSON object from a string or Content input, and no input as no arguments', async () => {
    const wf = new Workflow({
      name: 'wf',
      edges: [[START, new ToolNode(addTool(), { name: 'sum' })]],
    });
    const run = await runWorkflow(wf, { message: '{"a": 1, "b": 4}' });
    expect(outputsByPath(run.events)).toContainEqual(['wf@1/sum@1', 5]);
    const seen: unknown[] = [];
    const echo = new FunctionTool({
      name: 'echo',
      description: 'Echoes its arguments.',
      execute: (parameters: unknown) => {
        seen.push(parameters);
        return 'ok';
      },
    });
    const none = new FunctionNode('none', () => null);
    await runWorkflow(new Workflow({ name: 'wf', edges: [[START, none, new ToolNode(echo)]] }));
    expect(seen).toEqual([{}]);
  });

  it('fails on an input that is not an object of arguments', async () => {
    const list = new FunctionNode('list', () => [1, 2]);
    const run = await runWorkflow(
      new Workflow({ name: 'wf', edges: [[START, list, new ToolNode(addTool())]] }),
    );
    expect((run.error as Error).message).toContain("The input to ToolNode 'add' must be an object");
  });
});

describe('NodeTool (issue 17 §2, tools/_node_tool.py)', () => {
  const Order = z.object({ item: z.string(), quantity: z.number() });

  it('declares the node input schema as parameters (scalars wrapped in request) and needs one', () => {
    const order = new FunctionNode('place_order', () => 'ok', {
      inputSchema: Order,
      description: 'Places an order.',
    });
    const declaration = new NodeTool(order).getDeclaration();
    expect(declaration.name).toBe('place_order');
    expect(declaration.description).toBe('Places an order.');
    expect(declaration.parametersJsonSchema).toMatchObject({
      type: 'object',
      required: ['item', 'quantity'],
    });
    const shout = new FunctionNode('shout', () => 'ok', { inputSchema: z.string() });
    expect(new NodeTool(shout).getDeclaration().parametersJsonSchema).toMatchObject({
      type: 'object',
      properties: { request: { type: 'string' } },
      required: ['request'],
    });
    expect(new NodeTool(shout).isLongRunning).toBe(true);
    expect(() => new NodeTool(new FunctionNode('bare', () => 1))).toThrow(
      'does not have an input_schema',
    );
  });

  it('runs the node as a child of the calling agent node when the model calls it', async () => {
    const placed: unknown[] = [];
    const order = new FunctionNode(
      'place_order',
      (_ctx: NodeContext, input: unknown) => {
        placed.push(input);
        return { orderId: 7 };
      },
      { inputSchema: Order },
    );
    const model = new ScriptedLlm({
      responses: [
        functionCallResponse('place_order', { item: 'tea', quantity: 2 }, 'call-1'),
        textResponse('Order 7 placed.'),
      ],
    });
    const agent = new LlmAgent({ name: 'clerk', model, tools: [new NodeTool(order)] });
    const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, agent]] }), {
      message: 'two teas please',
    });
    expect(run.error).toBeUndefined();
    expect(placed).toEqual([{ item: 'tea', quantity: 2 }]);
    const child = run.events.find((event) => event.nodeInfo?.path === 'wf@1/clerk@1/place_order@1');
    expect(child?.output).toEqual({ orderId: 7 });
    expect(child?.branch).toBe('place_order@call-1');
    const response = model.requests[1]!.contents.at(-1)!.parts![0]!.functionResponse;
    expect(response).toMatchObject({ name: 'place_order', response: { orderId: 7 } });
    expect(outputsByPath(run.events)).toContainEqual(['wf@1/clerk@1', 'Order 7 placed.']);
  });

  it('answers the model with an error text outside a workflow (Python returns the error)', async () => {
    const order = new FunctionNode('place_order', () => 'ok', { inputSchema: Order });
    const model = new ScriptedLlm({
      responses: [
        functionCallResponse('place_order', { item: 'tea', quantity: 1 }, 'call-1'),
        textResponse('Sorry.'),
      ],
    });
    const agent = new LlmAgent({ name: 'clerk', model, tools: [new NodeTool(order)] });
    await runWorkflowAgent(agent);
    const response = model.requests[1]!.contents.at(-1)!.parts![0]!.functionResponse;
    expect(response?.response).toEqual({
      result: 'Error running node place_order: a NodeTool runs only inside a Workflow.',
    });
  });

  it('answers the model with the validation error for arguments that do not fit', async () => {
    const order = new FunctionNode('place_order', () => 'ok', { inputSchema: Order });
    const model = new ScriptedLlm({
      responses: [
        functionCallResponse('place_order', { item: 'tea', quantity: 'lots' }, 'call-1'),
        textResponse('Sorry.'),
      ],
    });
    const agent = new LlmAgent({ name: 'clerk', model, tools: [new NodeTool(order)] });
    await runWorkflow(new Workflow({ name: 'wf', edges: [[START, agent]] }));
    const response = model.requests[1]!.contents.at(-1)!.parts![0]!.functionResponse;
    expect(String(response?.response?.['result'])).toContain('Error validating input for node:');
  });
});
