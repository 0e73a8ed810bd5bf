import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { Context } from '../context/context.js';
import type { AfterToolHookArguments } from '../context/hook-arguments.js';
import type { ToolContract } from '../context/tool-contract.js';
import { PluginCallbackError } from '../errors/plugin-callback-error.js';
import { ToolFailureError } from '../errors/tool-failure-error.js';
import type { Event } from '../events/event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { userText } from '../testing/test-agents.js';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import { FunctionTool } from '../tools/function-tool.js';
import { setLogger } from '../utils/logger.js';
import {
  GLOBAL_SCOPE_KEY,
  REFLECT_AND_RETRY_RESPONSE_TYPE,
  ReflectAndRetryToolPlugin,
  TrackingScope,
  type ToolFailureResponse,
} from './reflect-and-retry-tool-plugin.js';

const TOOL: ToolContract = {
  name: 'test_tool_id',
  description: 'Mock tool named test_tool_id',
  isLongRunning: false,
};
const ARGS = { param1: 'value1', param2: 42, param3: true };

class RuntimeError extends Error {
  override name = 'RuntimeError';
}

async function toolContext(invocationId = 'e-1'): Promise<Context> {
  return new Context(await createTestInvocationContext({ invocationId }), {
    functionCallId: 'call-1',
  });
}

/** A plugin that treats results holding `status: 'error'` (or any set condition) as failures. */
class CustomErrorExtractionPlugin extends ReflectAndRetryToolPlugin {
  condition: ((response: Record<string, unknown>) => unknown) | undefined;

  override extractErrorFromResult({ response }: AfterToolHookArguments): Promise<unknown> {
    return Promise.resolve(this.condition?.(response));
  }
}

async function onError(
  plugin: ReflectAndRetryToolPlugin,
  error: unknown,
  {
    tool = TOOL,
    args = ARGS,
    context,
  }: { tool?: ToolContract; args?: Record<string, unknown>; context?: Context } = {},
): Promise<ToolFailureResponse> {
  return (await plugin.onToolErrorCallback({
    tool,
    args,
    context: context ?? (await toolContext()),
    error,
  })) as ToolFailureResponse;
}

async function afterTool(
  plugin: ReflectAndRetryToolPlugin,
  response: Record<string, unknown>,
  context?: Context,
): Promise<ToolFailureResponse | undefined> {
  return (await plugin.afterToolCallback({
    tool: TOOL,
    args: ARGS,
    context: context ?? (await toolContext()),
    response,
  })) as ToolFailureResponse | undefined;
}

describe('ReflectAndRetryToolPlugin (Python reflect_retry_tool_plugin)', () => {
  it("has Python's defaults (test_plugin_initialization_default)", () => {
    const plugin = new ReflectAndRetryToolPlugin();
    expect(plugin.name).toBe('reflect_retry_tool_plugin');
    expect(plugin.maxRetries).toBe(3);
    expect(plugin.throwExceptionIfRetryExceeded).toBe(true);
    expect(plugin.scope).toBe(TrackingScope.INVOCATION);
    const custom = new ReflectAndRetryToolPlugin({
      name: 'custom_name',
      maxRetries: 10,
      throwExceptionIfRetryExceeded: false,
    });
    expect([custom.name, custom.maxRetries, custom.throwExceptionIfRetryExceeded]).toEqual([
      'custom_name',
      10,
      false,
    ]);
  });

  it('rejects a negative or fractional maxRetries', () => {
    for (const maxRetries of [-1, 1.5]) {
      expect(() => new ReflectAndRetryToolPlugin({ maxRetries })).toThrow(
        'max_retries must be a non-negative integer.',
      );
    }
  });

  it("answers the first failure with Python's reflection guidance, byte for byte (test_on_tool_error_callback_first_failure)", async () => {
    const result = await onError(
      new ReflectAndRetryToolPlugin(),
      new RangeError('Test error message'),
    );
    expect(result).toEqual({
      response_type: REFLECT_AND_RETRY_RESPONSE_TYPE,
      error_type: 'RangeError',
      error_details: 'Test error message',
      retry_count: 1,
      reflection_guidance:
        'The call to tool `test_tool_id` failed.\n' +
        '\n' +
        '**Error Details:**\n' +
        '```\n' +
        'RangeError: Test error message\n' +
        '```\n' +
        '\n' +
        '**Tool Arguments Used:**\n' +
        '```json\n' +
        '{\n  "param1": "value1",\n  "param2": 42,\n  "param3": true\n}\n' +
        '```\n' +
        '\n' +
        '**Reflection Guidance:**\n' +
        'This is retry attempt **1 of 3**. Analyze the error and the arguments you provided. Do not repeat the exact same call. Consider the following before your next attempt:\n' +
        '\n' +
        "1.  **Invalid Parameters**: Does the error suggest that one or more arguments are incorrect, badly formatted, or missing? Review the tool's schema and your arguments.\n" +
        '2.  **State or Preconditions**: Did a previous step fail or not produce the necessary state/resource for this tool to succeed?\n' +
        '3.  **Alternative Approach**: Is this the right tool for the job? Could another tool or a different sequence of steps achieve the goal?\n' +
        '4.  **Simplify the Task**: Can you break the problem down into smaller, simpler steps?\n' +
        '5.  **Wrong Function Name**: Does the error indicates the tool is not found? Please check again and only use available tools.\n' +
        '\n' +
        'Formulate a new plan based on your analysis and try a corrected or different approach.',
    });
    expect(Object.keys(result)).toEqual([
      'response_type',
      'error_type',
      'error_details',
      'retry_count',
      'reflection_guidance',
    ]);
  });

  it("writes the arguments as Python's json.dumps(indent=2): nested, empty and non-ASCII values (test_empty_tool_args_handling)", async () => {
    const plugin = new ReflectAndRetryToolPlugin({ maxRetries: 9 });
    const empty = await onError(plugin, new Error('x'), { args: {} });
    expect(empty.reflection_guidance).toContain('```json\n{}\n```');
    const nested = await onError(plugin, new Error('x'), {
      args: { city: 'Zürich 🌧', list: [1, 0.5, 1e-7, null], obj: {}, none: [] },
    });
    expect(nested.reflection_guidance).toContain(
      '```json\n{\n' +
        '  "city": "Z\\u00fcrich \\ud83c\\udf27",\n' +
        '  "list": [\n    1,\n    0.5,\n    1e-07,\n    null\n  ],\n' +
        '  "obj": {},\n' +
        '  "none": []\n' +
        '}\n```',
    );
  });

  it('counts consecutive failures per tool, separately for each tool (test_retry_behavior_with_consecutive_failures, test_different_tools_behavior)', async () => {
    const plugin = new ReflectAndRetryToolPlugin({ maxRetries: 5 });
    const context = await toolContext();
    const counts = [];
    for (let i = 0; i < 3; i++)
      counts.push((await onError(plugin, new Error('e'), { context })).retry_count);
    expect(counts).toEqual([1, 2, 3]);
    const other = await onError(plugin, new Error('e'), {
      tool: { ...TOOL, name: 'tool2' },
      context,
    });
    expect(other.retry_count).toBe(1);
    expect(other.reflection_guidance).toContain('This is retry attempt **1 of 5**.');
  });

  it("resets a tool's count on success, ignoring its own responses (test_successful_call_resets_retry_behavior, test_after_tool_callback_ignore_retry_response)", async () => {
    const plugin = new ReflectAndRetryToolPlugin();
    const context = await toolContext();
    expect((await onError(plugin, new Error('e'), { context })).retry_count).toBe(1);
    expect(
      await afterTool(plugin, { response_type: REFLECT_AND_RETRY_RESPONSE_TYPE }, context),
    ).toBeUndefined();
    expect((await onError(plugin, new Error('e'), { context })).retry_count).toBe(2);
    expect(await afterTool(plugin, { success: true }, context)).toBeUndefined();
    expect((await onError(plugin, new Error('e'), { context })).retry_count).toBe(1);
  });

  it('rethrows the original error once the retries are used up (test_max_retries_exceeded_with_exception)', async () => {
    const plugin = new ReflectAndRetryToolPlugin({ maxRetries: 1 });
    const context = await toolContext();
    const error = new RuntimeError('Connection failed');
    expect((await onError(plugin, error, { context })).retry_count).toBe(1);
    await expect(onError(plugin, error, { context })).rejects.toBe(error);
  });

  it("answers with Python's final guidance when told not to throw (test_max_retries_exceeded_without_exception)", async () => {
    const plugin = new ReflectAndRetryToolPlugin({
      maxRetries: 2,
      throwExceptionIfRetryExceeded: false,
    });
    const context = await toolContext();
    let result: ToolFailureResponse | undefined;
    for (let i = 0; i < 3; i++)
      result = await onError(plugin, new RuntimeError('Timeout occurred'), { context });
    expect(result).toEqual({
      response_type: REFLECT_AND_RETRY_RESPONSE_TYPE,
      error_type: 'RuntimeError',
      error_details: 'Timeout occurred',
      retry_count: 2,
      reflection_guidance:
        'The tool `test_tool_id` has failed consecutively 2 times and the retry limit has been exceeded.\n' +
        '\n' +
        '**Last Error:**\n' +
        '```\n' +
        'RuntimeError: Timeout occurred\n' +
        '```\n' +
        '\n' +
        '**Last Arguments Used:**\n' +
        '```json\n' +
        '{\n  "param1": "value1",\n  "param2": 42,\n  "param3": true\n}\n' +
        '```\n' +
        '\n' +
        '**Final Instruction:**\n' +
        '**Do not attempt to use the `test_tool_id` tool again for this task.** You must now try a different approach. Acknowledge the failure and devise a new strategy, potentially using other available tools or informing the user that the task cannot be completed.',
    });
  });

  it('gives up at the first failure with maxRetries 0 (test_on_tool_error_callback_max_retries_zero*)', async () => {
    const error = new TypeError('Test error');
    await expect(onError(new ReflectAndRetryToolPlugin({ maxRetries: 0 }), error)).rejects.toBe(
      error,
    );
    const result = await onError(
      new ReflectAndRetryToolPlugin({ maxRetries: 0, throwExceptionIfRetryExceeded: false }),
      error,
    );
    expect(result.response_type).toBe(REFLECT_AND_RETRY_RESPONSE_TYPE);
    expect(result.error_type).toBe('TypeError');
    expect(result.retry_count).toBe(0);
    expect(result.reflection_guidance).toContain('the retry limit has been exceeded');
  });

  it('handles errors extracted from results, raising a non-Error failure as ToolFailureError (test_max_retries_exceeded_with_dict_error)', async () => {
    const plugin = new CustomErrorExtractionPlugin({ maxRetries: 1 });
    const dictError = { status: 'error', message: 'Custom dict error' };
    plugin.condition = () => dictError;
    const context = await toolContext();
    const first = await afterTool(plugin, { some: 'result' }, context);
    expect(first).toMatchObject({
      error_type: 'ToolError',
      error_details: "{'status': 'error', 'message': 'Custom dict error'}",
      retry_count: 1,
    });
    expect(first?.reflection_guidance).toContain(
      "**Error Details:**\n```\n{'status': 'error', 'message': 'Custom dict error'}\n```",
    );
    const raised = await afterTool(plugin, { some: 'result' }, context).catch(
      (error: unknown) => error,
    );
    expect(ToolFailureError.isInstance(raised)).toBe(true);
    expect(raised).toMatchObject({
      message: "{'status': 'error', 'message': 'Custom dict error'}",
      toolName: 'test_tool_id',
      failure: dictError,
    });

    const zero = new CustomErrorExtractionPlugin({ maxRetries: 0 });
    zero.condition = () => dictError;
    await expect(afterTool(zero, { some: 'result' })).rejects.toThrow('Custom dict error');
  });

  it('mixes extracted and thrown failures in one count, and treats falsy extractions as success (test_retry_state_management)', async () => {
    const plugin = new CustomErrorExtractionPlugin({ maxRetries: 3 });
    plugin.condition = (response) => (response['failed'] ? response : {});
    const context = await toolContext();
    const customError = { failed: true, reason: 'Network timeout' };
    expect((await afterTool(plugin, customError, context))?.retry_count).toBe(1);
    expect((await onError(plugin, new Error('Invalid parameter'), { context })).retry_count).toBe(
      2,
    );
    expect(await afterTool(plugin, { result: 'success' }, context)).toBeUndefined();
    expect((await afterTool(plugin, customError, context))?.retry_count).toBe(1);
    expect(
      await new ReflectAndRetryToolPlugin().extractErrorFromResult({
        tool: TOOL,
        args: ARGS,
        context,
        response: { status: 'error' },
      }),
    ).toBeUndefined();
  });

  it('counts per invocation by default and across invocations with TrackingScope.GLOBAL', async () => {
    const perInvocation = new ReflectAndRetryToolPlugin();
    await onError(perInvocation, new Error('e'), { context: await toolContext('e-1') });
    expect(
      (await onError(perInvocation, new Error('e'), { context: await toolContext('e-2') }))
        .retry_count,
    ).toBe(1);

    const global = new ReflectAndRetryToolPlugin({ trackingScope: TrackingScope.GLOBAL });
    await onError(global, new Error('e'), { context: await toolContext('e-1') });
    expect(
      (await onError(global, new Error('e'), { context: await toolContext('e-2') })).retry_count,
    ).toBe(2);
    expect(GLOBAL_SCOPE_KEY).toBe('__global_reflect_and_retry_scope__');
  });

  it('lets a subclass choose its own scope key', async () => {
    class PerSession extends ReflectAndRetryToolPlugin {
      protected override getScopeKey(context: Context): string {
        return context.sessionId;
      }
    }
    const plugin = new PerSession();
    await onError(plugin, new Error('e'), { context: await toolContext('e-1') });
    expect(
      (await onError(plugin, new Error('e'), { context: await toolContext('e-2') })).retry_count,
    ).toBe(2);
  });

  describe('in a run (LlmAgent, ScriptedLlm, InMemoryRunner)', () => {
    async function runWith(
      plugin: ReflectAndRetryToolPlugin,
      model: ScriptedLlm,
      tools: FunctionTool<z.ZodObject>[],
    ) {
      const agent = new LlmAgent({ name: 'root_agent', model, tools });
      const runner = new InMemoryRunner({ agent, appName: 'test_app', plugins: [plugin] });
      await runner.sessionService.createSession({
        appName: 'test_app',
        userId: 'u',
        sessionId: 's',
      });
      const events: Event[] = [];
      for await (const event of runner.runAsync({
        userId: 'u',
        sessionId: 's',
        newMessage: userText('test'),
      })) {
        events.push(event);
      }
      return events;
    }

    function increaseTool(): { tool: FunctionTool<z.ZodObject>; calls: () => number } {
      let calls = 0;
      const tool = new FunctionTool({
        name: 'increase',
        description: 'Adds one.',
        parameters: z.object({ x: z.number() }),
        execute: ({ x }) => {
          calls += 1;
          return x + 1;
        },
      });
      return { tool, calls: () => calls };
    }

    it("answers a hallucinated tool name with Python's ValueError guidance, and the model recovers (test_hallucinating_tool_name)", async () => {
      const { tool, calls } = increaseTool();
      const model = new ScriptedLlm({
        responses: [
          functionCallResponse('increase_by_one', { x: 1 }),
          functionCallResponse('increase', { x: 1 }),
          textResponse('response1'),
        ],
      });
      const events = await runWith(new ReflectAndRetryToolPlugin(), model, [tool]);

      expect(events[0]?.content?.parts?.[0]?.functionCall?.name).toBe('increase_by_one');
      const response = events[1]?.content?.parts?.[0]?.functionResponse
        ?.response as ToolFailureResponse;
      expect(response.error_type).toBe('ValueError');
      expect(response.retry_count).toBe(1);
      expect(response.reflection_guidance).toContain('Wrong Function Name');
      expect(response.reflection_guidance).toContain(
        "**Error Details:**\n```\nValueError: Tool 'increase_by_one' not found.\nAvailable tools: increase\n",
      );
      expect(events[2]?.content?.parts?.[0]?.functionCall?.name).toBe('increase');
      expect(calls()).toBe(1);
      // The model saw the guidance as the tool's result.
      expect(model.requests[1]?.contents.at(-1)?.parts?.[0]?.functionResponse?.response).toEqual(
        response,
      );
      expect(events.at(-1)?.content?.parts?.[0]?.text).toBe('response1');
    });

    it('lets a failing tool be retried, then raises the error past the limit', async () => {
      const boom = new RuntimeError('service unavailable');
      const flaky = new FunctionTool({
        name: 'flaky',
        description: 'Fails.',
        parameters: z.object({}),
        execute: () => {
          throw boom;
        },
      });
      const model = new ScriptedLlm({
        responses: [
          functionCallResponse('flaky'),
          functionCallResponse('flaky'),
          textResponse('unreached'),
        ],
      });
      const plugin = new ReflectAndRetryToolPlugin({ maxRetries: 1 });
      const logged: string[] = [];
      setLogger({
        debug: () => {},
        info: () => {},
        warn: () => {},
        error: (message) => logged.push(message),
      });
      const failure = await runWith(plugin, model, [flaky])
        .catch((error: unknown) => error)
        .finally(() => setLogger());
      expect(logged).toEqual([
        "Error in plugin 'reflect_retry_tool_plugin' during 'onToolErrorCallback' callback: service unavailable",
      ]);
      expect(PluginCallbackError.isInstance(failure)).toBe(true);
      expect((failure as Error).cause).toBe(boom);
      expect(model.requests).toHaveLength(2);
      const first = model.requests[1]?.contents.at(-1)?.parts?.[0]?.functionResponse?.response;
      expect(first).toMatchObject({ error_type: 'RuntimeError', retry_count: 1 });
    });
  });
});
