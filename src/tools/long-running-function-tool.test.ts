import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Context } from '../context/context.js';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import type { FunctionDeclaration, Schema } from '../types/index.js';
import { FunctionTool } from './function-tool.js';
import { LONG_RUNNING_NOTE, LongRunningFunctionTool } from './long-running-function-tool.js';

// tools_agent_009's ask_for_approval, as recorded (FUNCTIONS.md §4.2).
const ASK_FOR_APPROVAL = JSON.parse(`{
  "description": "Ask for approval for the reimbursement.\\n\\nNOTE: This is a long-running operation. Do not call this tool again if it has already returned some intermediate or pending status.",
  "name": "ask_for_approval",
  "parameters": {
    "properties": {"purpose": {"type": "STRING"}, "amount": {"type": "NUMBER"}},
    "required": ["purpose", "amount"],
    "type": "OBJECT"
  },
  "response": {"type": "OBJECT"}
}`) as FunctionDeclaration;

describe('LongRunningFunctionTool (spec 003 resumability and long-running tools)', () => {
  it("appends Python's note to the declaration, matching the recording byte for byte", () => {
    const tool = new LongRunningFunctionTool({
      name: 'ask_for_approval',
      description: 'Ask for approval for the reimbursement.',
      parameters: z.object({ purpose: z.string(), amount: z.number() }),
      response: z.record(z.string(), z.unknown()),
      execute: ({ amount }) => ({
        status: 'pending',
        amount,
        ticketId: 'reimbursement-ticket-001',
      }),
    });
    expect(JSON.stringify(tool.getDeclaration())).toBe(JSON.stringify(ASK_FOR_APPROVAL));
    expect(tool.description).toBe('Ask for approval for the reimbursement.');
    expect(tool.isLongRunning).toBe(true);
    expect(tool).toBeInstanceOf(FunctionTool);
  });

  it('uses the note alone when the description is empty', () => {
    const tool = new LongRunningFunctionTool({
      name: 'no_doc',
      description: '',
      parameters: ASK_FOR_APPROVAL.parameters as Schema,
      execute: () => undefined,
    });
    expect(tool.getDeclaration().description).toBe(LONG_RUNNING_NOTE);
    expect(LONG_RUNNING_NOTE).toBe(
      'NOTE: This is a long-running operation. Do not call this tool again if it has already returned some intermediate or pending status.',
    );
  });

  it('runs like a FunctionTool and may return nothing, to answer later', async () => {
    const context = new Context(await createTestInvocationContext(), { functionCallId: 'call-1' });
    const tool = new LongRunningFunctionTool({
      name: 'ask_for_approval',
      description: 'd',
      parameters: z.object({ purpose: z.string(), amount: z.number() }),
      execute: ({ amount }) => ({
        status: 'pending',
        amount,
        ticketId: 'reimbursement-ticket-001',
      }),
    });
    await expect(
      tool.runAsync({ args: { purpose: 'hotel and flight', amount: 2000 }, context }),
    ).resolves.toEqual({ status: 'pending', amount: 2000, ticketId: 'reimbursement-ticket-001' });
    const silent = new LongRunningFunctionTool({
      name: 'later',
      description: 'd',
      execute: () => undefined,
    });
    await expect(silent.runAsync({ args: {}, context })).resolves.toBeUndefined();
  });
});
