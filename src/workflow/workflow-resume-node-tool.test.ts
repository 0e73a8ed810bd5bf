import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { FunctionNode } from './function-node.js';
import { NodeTool } from './node-tool.js';
import { START } from './start.js';
import { Workflow } from './workflow.js';
import { outputsByPath, runWorkflow } from './workflow-run-test-fixtures.js';

const Order = z.object({ item: z.string() });

describe('An interrupt answered inside its own run (issue 17 §5, _node_runner.py _track_event_in_context)', () => {
  it.each([false, true])(
    'a NodeTool call answered by its own response does not leave the agent node waiting (resumable: %s)',
    async (resumable) => {
      const order = new FunctionNode('place_order', () => ({ orderId: 7 }), {
        inputSchema: Order,
      });
      const model = new ScriptedLlm({
        responses: [
          functionCallResponse('place_order', { item: 'tea' }, 'call-1'),
          textResponse('Order 7 placed.'),
        ],
      });
      const clerk = new LlmAgent({ name: 'clerk', model, tools: [new NodeTool(order)] });
      const after = new FunctionNode('after', (_ctx, input: unknown) => `after: ${String(input)}`);
      const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, clerk, after]] }), {
        resumable,
      });
      expect(run.error).toBeUndefined();
      expect(outputsByPath(run.events)).toContainEqual(['wf@1/after@1', 'after: Order 7 placed.']);
      expect(run.events.at(-1)?.longRunningToolIds).toBeUndefined();
    },
  );
});
