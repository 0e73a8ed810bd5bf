import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { AGENT_TOOL_STRUCTURED_REQUEST_PREFIX, AgentTool } from './agent-tool.js';
import { callTool, capturingAgent } from './agent-tool-test-fixtures.js';

describe('AgentTool (Python AgentTool)', () => {
  describe('the request sent to the agent (Python run_async)', () => {
    it.each([
      [
        { brand: 'Nike', product: 'running shoes' },
        '{"brand": "Nike", "product": "running shoes"}',
      ],
      [
        { product: 'Schuhe für Läufer', brand: 'Nike', n: 2 },
        '{"brand": "Nike", "n": 2, "product": "Schuhe für Läufer"}',
      ],
      [{ request: 'find me Nike running shoes' }, 'find me Nike running shoes'],
      [{ request: '' }, ''],
    ])('sends %j as %j (test_no_schema_args_handling)', async (args, expected) => {
      const { agent, seen } = capturingAgent();
      await callTool(new AgentTool({ agent }), args);
      expect(seen[0]!.userContent).toEqual({ role: 'user', parts: [{ text: expected }] });
    });

    it('rejects a request that is not a string', async () => {
      const { agent } = capturingAgent();
      await expect(callTool(new AgentTool({ agent }), { request: 3 })).rejects.toMatchObject({
        name: 'InvalidArgumentError',
      });
    });

    it('wraps the input-schema JSON in the structured-request prompt when there is no output schema', async () => {
      const model = new ScriptedLlm({ responses: [textResponse('done')] });
      const agent = new LlmAgent({
        name: 'inner_agent',
        model,
        inputSchema: z.object({ custom_input: z.string(), note: z.string().nullable() }),
      });
      await callTool(new AgentTool({ agent }), { custom_input: 'test_value', note: null });
      expect(model.requests[0]!.contents.at(-1)).toEqual({
        role: 'user',
        parts: [{ text: `${AGENT_TOOL_STRUCTURED_REQUEST_PREFIX}{"custom_input":"test_value"}` }],
      });
      expect(AGENT_TOOL_STRUCTURED_REQUEST_PREFIX).toBe(
        'Process the following structured request. Use your available tools as needed to gather information or perform actions before producing the final response.\n\nRequest:\n',
      );
    });

    it('sends the bare JSON when the agent also has an output schema, and returns the parsed answer', async () => {
      const model = new ScriptedLlm({
        responses: [textResponse('{"result": "hi", "extra": null}')],
      });
      const agent = new LlmAgent({
        name: 'inner_agent',
        model,
        inputSchema: z.object({ query: z.string(), limit: z.number() }),
        outputSchema: z.object({ result: z.string(), extra: z.string().nullable() }),
      });
      const { result } = await callTool(new AgentTool({ agent }), { query: 'hello', limit: 5 });
      expect(model.requests[0]!.contents.at(-1)?.parts).toEqual([
        { text: '{"query":"hello","limit":5}' },
      ]);
      expect(result).toEqual({ result: 'hi' });
    });

    it('rejects arguments the input schema refuses', async () => {
      const agent = new LlmAgent({
        name: 'inner_agent',
        model: new ScriptedLlm({ responses: [] }),
        inputSchema: z.object({ query: z.string() }),
      });
      await expect(callTool(new AgentTool({ agent }), { query: 1 })).rejects.toMatchObject({
        name: 'InvalidArgumentError',
      });
    });
  });
});
