import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Context } from '../context/context.js';
import { FunctionTool } from './function-tool.js';
import { toolContext } from './function-tool-test-fixtures.js';

describe('FunctionTool confirmation (spec 000 §6.7 step 5)', () => {
  function confirmedTool(execute: () => unknown) {
    return new FunctionTool({
      name: 'reimburse',
      description: 'd',
      parameters: z.object({ amount: z.number() }),
      requireConfirmation: true,
      execute,
    });
  }

  it("asks for confirmation with Python's hint, skips summarization and returns Python's error", async () => {
    const execute = vi.fn();
    const context = await toolContext();
    const result = await confirmedTool(execute).runAsync({ args: { amount: 5 }, context });
    expect(result).toEqual({
      error: 'This tool call requires confirmation, please approve or reject.',
    });
    expect(context.actions.requestedToolConfirmations).toEqual({
      'call-1': {
        confirmed: false,
        hint:
          'Please approve or reject the tool call reimburse() by responding with a FunctionResponse' +
          ' with an expected ToolConfirmation payload.',
      },
    });
    expect(context.actions.skipSummarization).toBe(true);
    expect(execute).not.toHaveBeenCalled();
  });

  it("returns Python's rejection when the human declined", async () => {
    const execute = vi.fn();
    const context = await toolContext({ toolConfirmation: { confirmed: false } });
    await expect(
      confirmedTool(execute).runAsync({ args: { amount: 5 }, context }),
    ).resolves.toEqual({
      error: 'This tool call is rejected.',
    });
    expect(context.actions.requestedToolConfirmations).toEqual({});
    expect(execute).not.toHaveBeenCalled();
  });

  it('runs once confirmed', async () => {
    const context = await toolContext({ toolConfirmation: { confirmed: true } });
    await expect(
      confirmedTool(() => ({ status: 'ok' })).runAsync({ args: { amount: 5 }, context }),
    ).resolves.toEqual({
      status: 'ok',
    });
  });

  it('asks a predicate with the validated arguments and the context', async () => {
    const predicate = vi.fn((args: { amount: number }, _context: Context) => args.amount > 100);
    const tool = new FunctionTool({
      name: 'reimburse',
      description: 'd',
      parameters: z.object({ amount: z.number() }),
      requireConfirmation: predicate,
      execute: () => ({ status: 'ok' }),
    });
    const small = await toolContext();
    await expect(tool.runAsync({ args: { amount: 50 }, context: small })).resolves.toEqual({
      status: 'ok',
    });
    const large = await toolContext();
    await expect(tool.runAsync({ args: { amount: 2000 }, context: large })).resolves.toEqual({
      error: 'This tool call requires confirmation, please approve or reject.',
    });
    expect(predicate).toHaveBeenCalledWith({ amount: 50 }, small);
  });

  it('checks the arguments before asking for confirmation', async () => {
    const context = await toolContext();
    const result = (await confirmedTool(() => 1).runAsync({ args: {}, context })) as {
      error: string;
    };
    expect(result.error).toContain('mandatory input parameters are not present:\namount\n');
    expect(context.actions.requestedToolConfirmations).toEqual({});
  });
});
