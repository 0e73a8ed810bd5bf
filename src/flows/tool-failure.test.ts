import { describe, expect, it } from 'vitest';
import { LlmAgent, type LlmAgentConfig } from '../agents/llm-agent.js';
import { ServiceNotConfiguredError } from '../errors/service-not-configured-error.js';
import { ToolExecutionError } from '../errors/tool-execution-error.js';
import type { Event } from '../events/event.js';
import { BasePlugin } from '../plugins/base-plugin.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { userText } from '../testing/test-agents.js';
import { AgentTool } from '../tools/agent-tool.js';
import { FunctionTool } from '../tools/function-tool.js';

function failingTool(name: string, thrown: () => unknown): FunctionTool<undefined> {
  return new FunctionTool({
    name,
    description: `${name} fails`,
    execute: () => {
      throw thrown();
    },
  });
}

/** Runs `agent` on one message; resolves with what the run threw and the events before it. */
async function failedRun(
  agent: LlmAgent,
  options: { plugins?: BasePlugin[]; abort?: AbortController } = {},
): Promise<{ error: unknown; events: Event[] }> {
  const runner = new InMemoryRunner({ agent, appName: 'app', plugins: options.plugins ?? [] });
  await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  const events: Event[] = [];
  try {
    for await (const event of runner.runAsync({
      userId: 'u',
      sessionId: 's',
      newMessage: userText('go'),
      ...(options.abort ? { abortSignal: options.abort.signal } : {}),
    })) {
      events.push(event);
    }
  } catch (error) {
    return { error, events };
  }
  throw new Error('the run was expected to fail');
}

function agentWith(config: Omit<LlmAgentConfig, 'model'>, model: ScriptedLlm): LlmAgent {
  return new LlmAgent({ model, ...config });
}

describe('a tool that throws (ToolExecutionError)', () => {
  it('fails the run with an error naming the tool and the call, the thrown error as cause', async () => {
    const cause = new Error('database unreachable: 17');
    const agent = agentWith(
      { name: 'a', tools: [failingTool('get_weather', () => cause)] },
      new ScriptedLlm({ responses: [functionCallResponse('get_weather', {})] }),
    );
    const { error, events } = await failedRun(agent);
    expect(ToolExecutionError.isInstance(error)).toBe(true);
    const failure = error as ToolExecutionError;
    expect(failure.message).toBe('Tool "get_weather" failed: database unreachable: 17');
    expect(failure.publicMessage).toBe('Tool "get_weather" failed.');
    expect(failure.toolName).toBe('get_weather');
    expect(failure.functionCallId).toBe(events[0]!.content!.parts![0]!.functionCall!.id);
    expect(failure.functionCallId).toMatch(/^adk-/);
    expect(failure.cause).toBe(cause);
  });

  it('names the tool when it throws something that is not an Error', async () => {
    const agent = agentWith(
      { name: 'a', tools: [failingTool('flaky', () => 'out of coffee')] },
      new ScriptedLlm({ responses: [functionCallResponse('flaky', {}, 'call-1')] }),
    );
    const { error } = await failedRun(agent);
    expect(error).toMatchObject({
      name: 'ToolExecutionError',
      message: 'Tool "flaky" failed: out of coffee',
      functionCallId: 'call-1',
      cause: 'out of coffee',
    });
  });

  it('on-tool-error callbacks and plugins see the error the tool threw', async () => {
    const cause = new RangeError('exploded');
    const seen: unknown[] = [];
    class Watcher extends BasePlugin {
      override onToolErrorCallback({ error }: { error: unknown }): undefined {
        seen.push(error);
        return undefined;
      }
    }
    const agent = agentWith(
      {
        name: 'a',
        tools: [failingTool('boom', () => cause)],
        onToolErrorCallback: ({ error }) => {
          seen.push(error);
          return undefined;
        },
      },
      new ScriptedLlm({ responses: [functionCallResponse('boom', {})] }),
    );
    const { error } = await failedRun(agent, { plugins: [new Watcher('watcher')] });
    expect(seen).toEqual([cause, cause]);
    expect(seen[0]).toBe(cause);
    expect((error as ToolExecutionError).cause).toBe(cause);
  });

  it('passes on an error of this package unchanged (callers test it with isInstance)', async () => {
    const cause = new ServiceNotConfiguredError({ service: 'memoryService' });
    const agent = agentWith(
      { name: 'a', tools: [failingTool('recall', () => cause)] },
      new ScriptedLlm({ responses: [functionCallResponse('recall', {})] }),
    );
    const { error } = await failedRun(agent);
    expect(error).toBe(cause);
  });

  it('an AgentTool whose inner tool failed names its own call, the inner failure as cause', async () => {
    const inner = agentWith(
      {
        name: 'researcher',
        description: 'looks things up',
        tools: [failingTool('search', () => new Error('index offline'))],
      },
      new ScriptedLlm({ responses: [functionCallResponse('search', {})] }),
    );
    const outer = agentWith(
      { name: 'boss', tools: [new AgentTool({ agent: inner })] },
      new ScriptedLlm({
        responses: [functionCallResponse('researcher', { request: 'find' }, 'outer-call')],
      }),
    );
    const { error } = await failedRun(outer);
    expect(error).toMatchObject({
      name: 'ToolExecutionError',
      toolName: 'researcher',
      functionCallId: 'outer-call',
      message: 'Tool "researcher" failed: Tool "search" failed: index offline',
    });
    const cause = (error as ToolExecutionError).cause;
    expect(ToolExecutionError.isInstance(cause)).toBe(true);
    expect(cause).toMatchObject({ toolName: 'search' });
  });

  it('passes on what a tool throws once the run was aborted', async () => {
    const abort = new AbortController();
    const reason = new Error('stopped by the user');
    const agent = agentWith(
      {
        name: 'a',
        tools: [
          failingTool('slow', () => {
            abort.abort(reason);
            return reason;
          }),
        ],
      },
      new ScriptedLlm({ responses: [functionCallResponse('slow', {})] }),
    );
    const { error } = await failedRun(agent, { abort });
    expect(error).toBe(reason);
  });

  it('a tool an on-tool-error callback answers does not fail the run', async () => {
    const agent = agentWith(
      {
        name: 'a',
        tools: [failingTool('boom', () => new Error('exploded'))],
        onToolErrorCallback: () => ({ recovered: true }),
      },
      new ScriptedLlm({ responses: [functionCallResponse('boom', {}), textResponse('ok')] }),
    );
    const runner = new InMemoryRunner({ agent, appName: 'app' });
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    const events: Event[] = [];
    for await (const event of runner.runAsync({
      userId: 'u',
      sessionId: 's',
      newMessage: userText('go'),
    })) {
      events.push(event);
    }
    expect(events[1]!.content!.parts![0]!.functionResponse!.response).toEqual({ recovered: true });
  });
});
