import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { GraphValidationError } from '../errors/graph-validation-error.js';
import { NodeSchemaValidationError } from '../errors/node-schema-validation-error.js';
import { ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { FunctionNode } from './function-node.js';
import { Graph } from './graph.js';
import { node } from './node-builder.js';
import { START } from './start.js';
import { Workflow } from './workflow.js';
import { runWorkflow } from './workflow-run-test-fixtures.js';

const Trip = z.object({ city: z.string(), days: z.number() });
const Plan = z.object({ summary: z.string() });

function planner(replies: string[] = ['{"summary":"Two days in Porto."}']) {
  const model = new ScriptedLlm({ responses: replies.map((reply) => textResponse(reply)) });
  const agent = new LlmAgent({ name: 'planner', model, inputSchema: Trip, outputSchema: Plan });
  return { model, agent };
}

function rejection(build: () => unknown): GraphValidationError {
  try {
    build();
  } catch (error) {
    if (GraphValidationError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('the graph was accepted');
}

describe("An LlmAgent node takes the agent's own schemas (Python LlmAgent is a BaseNode: input_schema/output_schema; _graph_validation.py static schemas)", () => {
  it('the node built from the agent has its inputSchema and outputSchema', () => {
    const { agent } = planner();
    const built = node(agent);
    expect(built.inputSchema).toBe(Trip);
    expect(built.outputSchema).toBe(Plan);
    // Options given to the node win over the agent's.
    const Other = z.object({ other: z.string() });
    expect(node(agent, { inputSchema: Other }).inputSchema).toBe(Other);
  });

  it("graph validation compares the agent's schemas with its neighbours'", () => {
    const { agent } = planner();
    const trip = new FunctionNode('trip', () => ({ city: 'Porto', days: 2 }), {
      outputSchema: Trip,
    });
    const report = new FunctionNode('report', (_ctx, input: unknown) => input, {
      inputSchema: Plan,
    });
    expect(() => Graph.fromEdgeItems([[START, trip, agent, report]])).not.toThrow();

    const loose = new FunctionNode('loose', () => ({}), { outputSchema: z.object({}) });
    const before = rejection(() => Graph.fromEdgeItems([[START, loose, planner().agent]]));
    expect(before.rule).toBe('schema-mismatch');
    expect(before.nodeNames).toEqual(['loose', 'planner']);

    const strict = new FunctionNode('strict', (_ctx, input: unknown) => input, {
      inputSchema: z.object({ summary: z.string() }),
    });
    const after = rejection(() => Graph.fromEdgeItems([[START, planner().agent, strict]]));
    expect(after.rule).toBe('schema-mismatch');
    expect(after.nodeNames).toEqual(['planner', 'strict']);
  });

  it('the node input is validated with the agent inputSchema and sent as JSON text', async () => {
    const { model, agent } = planner();
    const seen: unknown[] = [];
    const trip = new FunctionNode('trip', () => ({ city: 'Porto', days: 2, extra: true }));
    const report = new FunctionNode('report', (_ctx, input: unknown) => {
      seen.push(input);
    });
    const run = await runWorkflow(
      new Workflow({ name: 'wf', edges: [[START, trip, agent, report]] }),
    );
    expect(run.error).toBeUndefined();
    // zod strips the unknown key before the agent sees the input.
    const userTurn = model.requests[0]!.contents.at(-1)!;
    expect(userTurn).toEqual({ role: 'user', parts: [{ text: '{"city":"Porto","days":2}' }] });
    expect(seen).toEqual([{ summary: 'Two days in Porto.' }]);
  });

  it('an input that does not fit the agent inputSchema fails the node before the model is called', async () => {
    const { model, agent } = planner();
    const trip = new FunctionNode('trip', () => ({ city: 'Porto' }));
    const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, trip, agent]] }));
    expect(NodeSchemaValidationError.isInstance(run.error)).toBe(true);
    expect((run.error as NodeSchemaValidationError).message).toContain('planner');
    expect(model.requests).toHaveLength(0);
  });
});
