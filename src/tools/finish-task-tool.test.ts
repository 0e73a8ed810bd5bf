import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resolveOutputSchema } from '../agents/resolve-output-schema.js';
import { createLlmRequest } from '../models/llm-request.js';
import type { Context } from '../context/context.js';
import {
  FINISH_TASK_ERROR_RESULT,
  FINISH_TASK_SUCCESS_RESULT,
  FINISH_TASK_TOOL_NAME,
  FinishTaskTool,
  isFinishTaskTerminalResponse,
} from './finish-task-tool.js';

const context = {} as Context;

describe('FinishTaskTool (004 §10, agents/llm/task/_finish_task_tool.py)', () => {
  it('declares finish_task with the default {result: string} output when the agent has no schema', () => {
    const tool = new FinishTaskTool({ name: 'researcher', outputSchema: undefined });
    const declaration = tool.getDeclaration();
    expect(declaration.name).toBe(FINISH_TASK_TOOL_NAME);
    expect(declaration.description).toBe(
      'Signal that this agent has completed its delegated task. Call this when you have ' +
        'finished your delegated task.',
    );
    expect(declaration.parameters?.type).toBe('OBJECT');
    expect(Object.keys(declaration.parameters?.properties ?? {})).toEqual(['result']);
    expect(declaration.parameters?.required).toEqual(['result']);
    expect(tool.wrapperKey).toBeUndefined();
  });

  it('uses the output schema as parameters and says so in the description', () => {
    const schema = resolveOutputSchema(
      z.object({ summary: z.string(), sources: z.array(z.string()), confidence: z.number() }),
    );
    const tool = new FinishTaskTool({ name: 'researcher', outputSchema: schema });
    const declaration = tool.getDeclaration();
    expect(declaration.description).toMatch(/Pass the required output data in the parameters\.$/);
    expect(Object.keys(declaration.parameters?.properties ?? {})).toEqual([
      'summary',
      'sources',
      'confidence',
    ]);
  });

  it('wraps a schema that is not an object as {result: <schema>} and unwraps the output', async () => {
    const tool = new FinishTaskTool({
      name: 'counter',
      outputSchema: resolveOutputSchema(z.number()),
    });
    expect(tool.wrapperKey).toBe('result');
    const parameters = tool.getDeclaration().parameters;
    expect(parameters?.type).toBe('OBJECT');
    expect(parameters?.properties?.['result']?.type).toBe('NUMBER');
    expect(parameters?.required).toEqual(['result']);
    expect(await tool.runAsync({ args: { result: 42 }, context })).toBe(FINISH_TASK_SUCCESS_RESULT);
    expect(tool.extractOutput({ result: 42 })).toBe(42);
  });

  it('returns validation errors to the model as data, so it can call again (004 §10 end)', async () => {
    const schema = resolveOutputSchema(
      z.object({ summary: z.string(), sources: z.array(z.string()), confidence: z.number() }),
    );
    const tool = new FinishTaskTool({ name: 'researcher', outputSchema: schema });
    const result = (await tool.runAsync({
      args: { summary: 42, sources: 'not a list', confidence: 'high' },
      context,
    })) as { error: string };
    expect(Object.keys(result)).toEqual(['error']);
    expect(
      result.error.startsWith('Invoking `finish_task()` failed due to validation errors:\n'),
    ).toBe(true);
    expect(result.error).toContain('summary');
    expect(result.error).toContain('sources');
    expect(result.error).toContain('confidence');
    expect(
      result.error.endsWith(
        'You could retry calling this tool, but it is IMPORTANT for you to provide all the ' +
          'mandatory parameters with correct types.',
      ),
    ).toBe(true);
  });

  it('rejects a missing or extra field of the default output, and accepts {result}', async () => {
    const tool = new FinishTaskTool({ name: 'helper', outputSchema: undefined });
    const missing = (await tool.runAsync({ args: {}, context })) as { error: string };
    expect(missing.error).toContain('1 validation error for DefaultTaskOutput');
    const extra = (await tool.runAsync({ args: { result: 'ok', more: 1 }, context })) as {
      error: string;
    };
    expect(extra.error).toContain('validation error');
    expect(await tool.runAsync({ args: { result: 'done' }, context })).toBe(
      FINISH_TASK_SUCCESS_RESULT,
    );
    expect(tool.extractOutput({ result: 'done' })).toEqual({ result: 'done' });
  });

  it('adds its declaration and the instruction not to finish prematurely to each request', async () => {
    const tool = new FinishTaskTool({ name: 'helper', outputSchema: undefined });
    const request = createLlmRequest();
    await tool.processLlmRequest({ context, request });
    expect(Object.keys(request.toolsDict)).toEqual([FINISH_TASK_TOOL_NAME]);
    expect(request.config.systemInstruction).toBe(
      'Do NOT call `finish_task` prematurely. Use your available tools to\n' +
        'fully complete every aspect of the delegated task first. If the\n' +
        'task is unclear, ask the user for clarification before proceeding.\n' +
        'Once the task is fully complete, call `finish_task` by itself with\n' +
        'no accompanying text output.',
    );
  });

  it('counts success and reported failure as terminal responses, a validation error not', () => {
    const name = FINISH_TASK_TOOL_NAME;
    expect(
      isFinishTaskTerminalResponse({ name, response: { result: FINISH_TASK_SUCCESS_RESULT } }),
    ).toBe(true);
    expect(
      isFinishTaskTerminalResponse({ name, response: { result: FINISH_TASK_ERROR_RESULT } }),
    ).toBe(true);
    expect(isFinishTaskTerminalResponse({ name, response: { error: 'bad' } })).toBe(false);
    expect(
      isFinishTaskTerminalResponse({
        name: 'other',
        response: { result: FINISH_TASK_SUCCESS_RESULT },
      }),
    ).toBe(false);
  });
});
