import { afterEach, describe, expect, it } from 'vitest';
import type { AgentContract } from '../context/agent-contract.js';
import { Context } from '../context/context.js';
import { InvocationContext } from '../context/invocation-context.js';
import { createRunConfig } from '../context/run-config.js';
import { ScriptedAgent } from '../testing/test-agents.js';
import type { ToolContract } from '../context/tool-contract.js';
import { createEvent } from '../events/event.js';
import { createLlmRequest, type LlmRequestTool } from '../models/llm-request.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { setLogger } from '../utils/logger.js';
import { LoggingPlugin } from './logging-plugin.js';
import { PluginManager } from './plugin-manager.js';
import { BasePlugin } from './base-plugin.js';

function namedAgent(name: string): AgentContract {
  return new ScriptedAgent({ name });
}

const tool: ToolContract = { name: 'get_weather', description: 'Weather.', isLongRunning: false };

function requestTool(name: string): LlmRequestTool {
  return { name, getDeclaration: () => ({ name }) };
}

async function setUp({ branch }: { branch?: string } = {}) {
  const lines: string[] = [];
  const plugin = new LoggingPlugin({ log: (line) => lines.push(line) });
  const manager = new PluginManager({ plugins: [plugin] });
  const sessionService = new InMemorySessionService();
  const session = await sessionService.createSession({
    appName: 'weather_app',
    userId: 'alice',
    sessionId: 'session-1',
  });
  const invocationContext = new InvocationContext({
    sessionService,
    pluginManager: manager,
    invocationId: 'e-123',
    branch,
    agent: namedAgent('weather_agent'),
    session,
    runConfig: createRunConfig(),
  });
  const context = new Context(invocationContext);
  const toolContext = new Context(invocationContext, { functionCallId: 'adk-42' });
  return { lines, plugin, manager, invocationContext, context, toolContext };
}

afterEach(() => {
  setLogger();
});

describe('LoggingPlugin', () => {
  it('spec 003 §14: onUserMessageCallback logs ids, root agent, user content and branch', async () => {
    const { lines, plugin, invocationContext } = await setUp({ branch: 'parallel.child' });

    const result = plugin.onUserMessageCallback({
      invocationContext,
      userMessage: { role: 'user', parts: [{ text: '  Weather in Paris?  ' }] },
    });

    expect(result).toBeUndefined();
    expect(lines).toEqual([
      '[logging_plugin] 🚀 USER MESSAGE RECEIVED',
      '[logging_plugin]    Invocation ID: e-123',
      '[logging_plugin]    Session ID: session-1',
      '[logging_plugin]    User ID: alice',
      '[logging_plugin]    App Name: weather_app',
      '[logging_plugin]    Root Agent: weather_agent',
      "[logging_plugin]    User Content: text: 'Weather in Paris?'",
      '[logging_plugin]    Branch: parallel.child',
    ]);
  });

  it('spec 003 §14: beforeRunCallback and afterRunCallback log the invocation and agent', async () => {
    const { lines, plugin, invocationContext } = await setUp();

    expect(plugin.beforeRunCallback({ invocationContext })).toBeUndefined();
    expect(plugin.afterRunCallback({ invocationContext })).toBeUndefined();

    expect(lines).toEqual([
      '[logging_plugin] 🏃 INVOCATION STARTING',
      '[logging_plugin]    Invocation ID: e-123',
      '[logging_plugin]    Starting Agent: weather_agent',
      '[logging_plugin] ✅ INVOCATION COMPLETED',
      '[logging_plugin]    Invocation ID: e-123',
      '[logging_plugin]    Final Agent: weather_agent',
    ]);
  });

  it('spec 003 §14: onEventCallback logs id, author, content, final flag, calls, responses, long-running ids', async () => {
    const { lines, plugin, invocationContext } = await setUp();
    const event = createEvent({
      id: 'event-1',
      author: 'weather_agent',
      content: {
        role: 'model',
        parts: [
          { functionCall: { id: 'adk-1', name: 'get_weather', args: { city: 'Paris' } } },
          { functionResponse: { id: 'adk-0', name: 'lookup', response: {} } },
        ],
      },
      longRunningToolIds: ['adk-1'],
    });

    expect(plugin.onEventCallback({ invocationContext, event })).toBeUndefined();

    expect(lines).toEqual([
      '[logging_plugin] 📢 EVENT YIELDED',
      '[logging_plugin]    Event ID: event-1',
      '[logging_plugin]    Author: weather_agent',
      '[logging_plugin]    Content: function_call: get_weather | function_response: lookup',
      '[logging_plugin]    Final Response: True',
      "[logging_plugin]    Function Calls: ['get_weather']",
      "[logging_plugin]    Function Responses: ['lookup']",
      "[logging_plugin]    Long Running Tools: ['adk-1']",
    ]);
  });

  it('spec 003 §14: onEventCallback logs an empty event as content None and not final when partial', async () => {
    const { lines, plugin, invocationContext } = await setUp();
    const event = createEvent({ id: 'event-2', author: 'user', partial: true });

    plugin.onEventCallback({ invocationContext, event });

    expect(lines).toEqual([
      '[logging_plugin] 📢 EVENT YIELDED',
      '[logging_plugin]    Event ID: event-2',
      '[logging_plugin]    Author: user',
      '[logging_plugin]    Content: None',
      '[logging_plugin]    Final Response: False',
    ]);
  });

  it('spec 003 §14: agent hooks log the agent name, invocation id and (on start) the branch', async () => {
    const { lines, plugin, context, invocationContext } = await setUp({ branch: 'router.child' });
    const agent = invocationContext.agent;

    expect(plugin.beforeAgentCallback({ agent, context })).toBeUndefined();
    expect(plugin.afterAgentCallback({ agent, context })).toBeUndefined();

    expect(lines).toEqual([
      '[logging_plugin] 🤖 AGENT STARTING',
      '[logging_plugin]    Agent Name: weather_agent',
      '[logging_plugin]    Invocation ID: e-123',
      '[logging_plugin]    Branch: router.child',
      '[logging_plugin] 🤖 AGENT COMPLETED',
      '[logging_plugin]    Agent Name: weather_agent',
      '[logging_plugin]    Invocation ID: e-123',
    ]);
  });

  it('spec 003 §14: beforeModelCallback logs model, agent, a 200-character instruction preview and tool names', async () => {
    const { lines, plugin, context } = await setUp();
    const request = createLlmRequest({
      model: 'gemini-2.5-flash',
      config: { systemInstruction: 'x'.repeat(250) },
      toolsDict: { get_weather: requestTool('get_weather'), transfer: requestTool('transfer') },
    });

    expect(plugin.beforeModelCallback({ context, request })).toBeUndefined();

    expect(lines).toEqual([
      '[logging_plugin] 🧠 LLM REQUEST',
      '[logging_plugin]    Model: gemini-2.5-flash',
      '[logging_plugin]    Agent: weather_agent',
      `[logging_plugin]    System Instruction: '${'x'.repeat(200)}...'`,
      "[logging_plugin]    Available Tools: ['get_weather', 'transfer']",
    ]);
  });

  it('spec 003 §14: beforeModelCallback without model, instruction or tools logs the default model only', async () => {
    const { lines, plugin, context } = await setUp();

    plugin.beforeModelCallback({ context, request: createLlmRequest() });

    expect(lines).toEqual([
      '[logging_plugin] 🧠 LLM REQUEST',
      '[logging_plugin]    Model: default',
      '[logging_plugin]    Agent: weather_agent',
    ]);
  });

  it('spec 003 §14: afterModelCallback logs content, partial and turn-complete flags and token usage', async () => {
    const { lines, plugin, context } = await setUp();
    const longText = 'y'.repeat(201);

    const result = plugin.afterModelCallback({
      context,
      response: {
        content: { role: 'model', parts: [{ text: longText }, { inlineData: { data: '' } }] },
        partial: true,
        turnComplete: false,
        usageMetadata: { promptTokenCount: 12 },
      },
    });

    expect(result).toBeUndefined();
    expect(lines).toEqual([
      '[logging_plugin] 🧠 LLM RESPONSE',
      '[logging_plugin]    Agent: weather_agent',
      `[logging_plugin]    Content: text: '${'y'.repeat(200)}...' | other_part`,
      '[logging_plugin]    Partial: True',
      '[logging_plugin]    Turn Complete: False',
      '[logging_plugin]    Token Usage - Input: 12, Output: None',
    ]);
  });

  it('spec 003 §14: afterModelCallback logs the error code and message of a failed response', async () => {
    const { lines, plugin, context } = await setUp();

    plugin.afterModelCallback({
      context,
      response: { errorCode: 'SAFETY', errorMessage: 'Blocked.' },
    });

    expect(lines).toEqual([
      '[logging_plugin] 🧠 LLM RESPONSE',
      '[logging_plugin]    Agent: weather_agent',
      '[logging_plugin]    ❌ ERROR - Code: SAFETY',
      '[logging_plugin]    Error Message: Blocked.',
    ]);
  });

  it('spec 003 §14: onModelErrorCallback logs the agent and the error message', async () => {
    const { lines, plugin, context } = await setUp();

    const result = plugin.onModelErrorCallback({
      context,
      request: createLlmRequest(),
      error: new TypeError('quota exceeded'),
    });

    expect(result).toBeUndefined();
    expect(lines).toEqual([
      '[logging_plugin] 🧠 LLM ERROR',
      '[logging_plugin]    Agent: weather_agent',
      '[logging_plugin]    Error: quota exceeded',
    ]);
  });

  it('spec 003 §14: tool hooks log tool, agent, call id, Python-style arguments, result and error', async () => {
    const { lines, plugin, toolContext: context } = await setUp();
    const args = { city: "O'Hare", days: 3, metric: true, note: null, tags: ['a'] };

    expect(plugin.beforeToolCallback({ tool, args, context })).toBeUndefined();
    expect(plugin.afterToolCallback({ tool, args, context, response: {} })).toBeUndefined();
    expect(
      plugin.onToolErrorCallback({ tool, args: {}, context, error: 'network down' }),
    ).toBeUndefined();

    expect(lines).toEqual([
      '[logging_plugin] 🔧 TOOL STARTING',
      '[logging_plugin]    Tool Name: get_weather',
      '[logging_plugin]    Agent: weather_agent',
      '[logging_plugin]    Function Call ID: adk-42',
      `[logging_plugin]    Arguments: {'city': "O'Hare", 'days': 3, 'metric': True, 'note': None, 'tags': ['a']}`,
      '[logging_plugin] 🔧 TOOL COMPLETED',
      '[logging_plugin]    Tool Name: get_weather',
      '[logging_plugin]    Agent: weather_agent',
      '[logging_plugin]    Function Call ID: adk-42',
      '[logging_plugin]    Result: {}',
      '[logging_plugin] 🔧 TOOL ERROR',
      '[logging_plugin]    Tool Name: get_weather',
      '[logging_plugin]    Agent: weather_agent',
      '[logging_plugin]    Function Call ID: adk-42',
      '[logging_plugin]    Arguments: {}',
      '[logging_plugin]    Error: network down',
    ]);
  });

  it('spec 003 §14: tool results longer than 300 characters are cut and closed with "...}"', async () => {
    const { lines, plugin, context } = await setUp();

    plugin.afterToolCallback({ tool, args: {}, context, response: { text: 'z'.repeat(400) } });

    const resultLine = lines.find((line) => line.includes('Result:'));
    expect(resultLine).toBe(`[logging_plugin]    Result: {'text': '${'z'.repeat(290)}...}`);
    expect(lines).toContain('[logging_plugin]    Function Call ID: None');
  });

  it('spec 003 §14: through a PluginManager every hook passes (undefined) and later plugins still run', async () => {
    const { lines, invocationContext, context } = await setUp();
    let laterCalls = 0;
    class Later extends BasePlugin {
      override beforeRunCallback(): undefined {
        laterCalls += 1;
        return undefined;
      }
      override afterAgentCallback(): undefined {
        laterCalls += 1;
        return undefined;
      }
    }
    const manager = new PluginManager({
      plugins: [
        new LoggingPlugin({ name: 'custom', log: (line) => lines.push(line) }),
        new Later('later'),
      ],
    });

    expect(await manager.runBeforeRunCallback({ invocationContext })).toBeUndefined();
    expect(
      await manager.runAfterAgentCallback({ agent: invocationContext.agent, context }),
    ).toBeUndefined();

    expect(laterCalls).toBe(2);
    expect(lines[0]).toBe('[custom] 🏃 INVOCATION STARTING');
  });

  it('spec 003 §14: by default lines go to the package logger at info level', async () => {
    const { invocationContext } = await setUp();
    const infos: string[] = [];
    const ignore = () => {};
    setLogger({
      debug: ignore,
      warn: ignore,
      error: ignore,
      info: (message) => infos.push(message),
    });

    new LoggingPlugin().beforeRunCallback({ invocationContext });

    expect(infos).toEqual([
      '[logging_plugin] 🏃 INVOCATION STARTING',
      '[logging_plugin]    Invocation ID: e-123',
      '[logging_plugin]    Starting Agent: weather_agent',
    ]);
  });
});
