import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { SequentialAgent } from '../agents/sequential-agent.js';
import { AgentTool } from './agent-tool.js';

describe('AgentTool (Python AgentTool)', () => {
  describe('declaration (Python _get_declaration)', () => {
    it('takes the input schema as parameters and answers OBJECT when the agent has an output schema', () => {
      const agent = new LlmAgent({
        name: 'tool_agent',
        description: 'This is the agent description that should be used',
        inputSchema: z.object({ custom_input: z.string() }),
        outputSchema: z.object({ custom_output: z.string() }),
      });
      expect(new AgentTool({ agent }).getDeclaration()).toEqual({
        description: 'This is the agent description that should be used',
        name: 'tool_agent',
        parameters: {
          properties: { custom_input: { type: 'STRING' } },
          required: ['custom_input'],
          type: 'OBJECT',
        },
        response: { type: 'OBJECT' },
      });
    });

    it('answers STRING for an input schema without an output schema (test_agent_tool_response_schema_with_input_schema_no_output)', () => {
      const agent = new LlmAgent({
        name: 'tool_agent',
        inputSchema: z.object({ custom_input: z.string() }),
      });
      const declaration = new AgentTool({ agent }).getDeclaration();
      expect(declaration.response).toEqual({ type: 'STRING' });
      expect(declaration.description).toBe('');
    });

    it("finds a workflow agent's input schema in its first sub-agent and output schema in its last, recursively (TestAgentToolWithCompositeAgents)", () => {
      const first = new LlmAgent({
        name: 'first_agent',
        inputSchema: z.object({ deep_query: z.string() }),
      });
      const last = new LlmAgent({
        name: 'second_agent',
        outputSchema: z.object({ result: z.string() }),
      });
      const outer = new SequentialAgent({
        name: 'outer_sequence',
        description: 'Nested sequence',
        subAgents: [new SequentialAgent({ name: 'inner_sequence', subAgents: [first] }), last],
      });
      const declaration = new AgentTool({ agent: outer }).getDeclaration();
      expect(declaration.name).toBe('outer_sequence');
      expect(declaration.description).toBe('Nested sequence');
      expect(declaration.parameters?.properties).toEqual({ deep_query: { type: 'STRING' } });
      expect(declaration.response).toEqual({ type: 'OBJECT' });

      const empty = new AgentTool({ agent: new SequentialAgent({ name: 'empty_sequence' }) });
      expect(empty.getDeclaration().parameters?.properties).toEqual({
        request: { type: 'STRING' },
      });
      expect(empty.getDeclaration().response).toEqual({ type: 'STRING' });
    });

    it('returns a fresh copy each time', () => {
      const tool = new AgentTool({
        agent: new LlmAgent({ name: 'a', inputSchema: z.object({ q: z.string() }) }),
      });
      tool.getDeclaration().parameters!.required!.push('x');
      expect(tool.getDeclaration().parameters!.required).toEqual(['q']);
    });
  });
});
