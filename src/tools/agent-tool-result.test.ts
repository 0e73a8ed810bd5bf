import { describe, expect, it } from 'vitest';
import type { EventInit } from '../events/event.js';
import { ScriptedAgent } from '../testing/test-agents.js';
import type { Part } from '../types/index.js';
import { AgentTool } from './agent-tool.js';
import { callTool } from './agent-tool-test-fixtures.js';

describe('AgentTool (Python AgentTool)', () => {
  describe('the result (Python _part_to_text and error handling)', () => {
    async function resultOf(...steps: Omit<EventInit, 'author'>[]) {
      const agent = new ScriptedAgent({ name: 'inner_agent', description: 'static', steps });
      return (await callTool(new AgentTool({ agent }), { request: 'test request' })).result;
    }

    it('joins the text of the last content with newlines (test_run_async_extracts_text_only)', async () => {
      expect(await resultOf({ content: { role: 'model', parts: [{ text: 'hello world' }] } })).toBe(
        'hello world',
      );
      expect(
        await resultOf(
          { content: { role: 'model', parts: [{ text: 'first' }] } },
          { content: { role: 'model', parts: [{ text: 'a' }, { text: 'b' }] } },
        ),
      ).toBe('a\nb');
    });

    it('includes code and code results, without trailing newlines (test_run_async_extracts_text_and_code_execution_result)', async () => {
      const parts: Part[] = [
        { text: 'Here is the answer:' },
        { executableCode: { code: 'print(2 ** 10)' } },
        { codeExecutionResult: { output: '1024\n' } },
      ];
      expect(await resultOf({ content: { role: 'model', parts } })).toBe(
        'Here is the answer:\nprint(2 ** 10)\n1024',
      );
    });

    it('skips thought parts (test_run_async_skips_thought_parts)', async () => {
      const parts: Part[] = [
        { text: 'thinking out loud', thought: true },
        { codeExecutionResult: { output: '42\n' } },
      ];
      expect(await resultOf({ content: { role: 'model', parts } })).toBe('42');
    });

    it('returns the last error message when no content or no text remains (test_run_async_preserves_error_*)', async () => {
      expect(await resultOf({ errorMessage: 'A2A request failed: 503' })).toBe(
        'A2A request failed: 503',
      );
      expect(
        await resultOf(
          { content: { role: 'model', parts: [{ text: 'thinking', thought: true }] } },
          { errorMessage: 'A2A request failed: 503' },
        ),
      ).toBe('A2A request failed: 503');
    });

    it("returns '' when the agent says nothing (test_run_async_handles_none_parts_in_response)", async () => {
      expect(await resultOf()).toBe('');
      expect(await resultOf({ content: { role: 'model' } })).toBe('');
    });

    it('copies the last grounding metadata to temp:_adk_grounding_metadata when asked', async () => {
      const agent = new ScriptedAgent({
        name: 'inner_agent',
        steps: [
          {
            content: { role: 'model', parts: [{ text: 'found' }] },
            groundingMetadata: { webSearchQueries: ['q'] },
          },
        ],
      });
      const plain = await callTool(new AgentTool({ agent }), { request: 'r' });
      expect(plain.context.state.has('temp:_adk_grounding_metadata')).toBe(false);
      const { result, context } = await callTool(
        new AgentTool({ agent, propagateGroundingMetadata: true }),
        { request: 'r' },
      );
      expect(result).toBe('found');
      expect(context.state.get('temp:_adk_grounding_metadata')).toEqual({
        webSearchQueries: ['q'],
      });
    });
  });
});
