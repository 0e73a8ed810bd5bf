import { describe, expect, it } from 'vitest';
import { Context } from '../context/context.js';
import { createLlmRequest } from '../models/llm-request.js';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import { EXIT_LOOP_TOOL_NAME, ExitLoopTool, exitLoop } from './exit-loop-tool.js';

// exit_loop as recorded in tests/workflow/loop_001 (FUNCTIONS.md §5.2).
const RECORDED =
  '{"description":"Exits the loop.\\n\\n  Call this function only when you are instructed to do so.\\n  ","name":"exit_loop","response":{}}';

describe('exit_loop (FUNCTIONS.md §5.2, spec 000 §6.5)', () => {
  it('declares itself exactly as Python did in the recordings', async () => {
    expect(JSON.stringify(exitLoop.getDeclaration())).toBe(RECORDED);
    expect(exitLoop.name).toBe(EXIT_LOOP_TOOL_NAME);
    const request = createLlmRequest({ model: 'gemini-2.5-flash' });
    const context = new Context(await createTestInvocationContext(), { functionCallId: 'call-1' });
    await exitLoop.processLlmRequest({ context, request });
    expect(JSON.stringify(request.config.tools)).toBe(`[{"functionDeclarations":[${RECORDED}]}]`);
  });

  it('escalates, skips summarization and returns nothing (the response becomes {result: null})', async () => {
    const context = new Context(await createTestInvocationContext(), { functionCallId: 'call-1' });
    await expect(new ExitLoopTool().runAsync({ args: {}, context })).resolves.toBeUndefined();
    expect(context.actions.escalate).toBe(true);
    expect(context.actions.skipSummarization).toBe(true);
    expect(context.actions.stateDelta).toEqual({});
  });
});
