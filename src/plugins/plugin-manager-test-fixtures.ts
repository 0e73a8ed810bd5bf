import { afterEach, beforeEach } from 'vitest';
import type { AgentContract } from '../context/agent-contract.js';
import { Context } from '../context/context.js';
import type {
  AfterModelHookArguments,
  AfterToolHookArguments,
  AgentHookArguments,
  BeforeModelHookArguments,
  BeforeToolHookArguments,
  EventHookArguments,
  ModelErrorHookArguments,
  RunHookArguments,
  ToolErrorHookArguments,
  UserMessageHookArguments,
} from '../context/hook-arguments.js';
import { InvocationContext } from '../context/invocation-context.js';
import { createRunConfig } from '../context/run-config.js';
import { ScriptedAgent } from '../testing/test-agents.js';
import type { ToolContract } from '../context/tool-contract.js';
import { createEvent } from '../events/event.js';
import type { LlmResponse } from '../events/llm-response.js';
import { createLlmRequest } from '../models/llm-request.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import type { Content } from '../types/index.js';
import { setLogger, type Logger } from '../utils/logger.js';
import { BasePlugin, type PluginHookName } from './base-plugin.js';
import type { PluginManager } from './plugin-manager.js';

// Shared by the plugin-manager-*.test.ts files.

function namedAgent(name: string): AgentContract {
  return new ScriptedAgent({ name });
}

const tool: ToolContract = { name: 'get_weather', description: 'Weather.', isLongRunning: false };

/** The arguments of every hook, for `manager`'s own invocation of a fresh session. */
export async function makeArguments(manager: PluginManager) {
  const sessionService = new InMemorySessionService();
  const session = await sessionService.createSession({
    appName: 'app',
    userId: 'user',
    sessionId: 'session-1',
  });
  const agent = namedAgent('root_agent');
  const invocationContext = new InvocationContext({
    sessionService,
    pluginManager: manager,
    invocationId: 'e-1',
    agent,
    session,
    runConfig: createRunConfig(),
  });
  const context = new Context(invocationContext);
  const toolContext = new Context(invocationContext, { functionCallId: 'adk-1' });
  const userMessage: Content = { role: 'user', parts: [{ text: 'hi' }] };
  const request = createLlmRequest({ model: 'gemini-2.5-flash' });
  const response: LlmResponse = { content: { role: 'model', parts: [{ text: 'hello' }] } };
  const args: Record<string, unknown> = { city: 'Paris' };
  return {
    onUserMessageCallback: { invocationContext, userMessage } satisfies UserMessageHookArguments,
    beforeRunCallback: { invocationContext } satisfies RunHookArguments,
    onEventCallback: {
      invocationContext,
      event: createEvent({ author: 'root_agent' }),
    } satisfies EventHookArguments,
    afterRunCallback: { invocationContext } satisfies RunHookArguments,
    beforeAgentCallback: { agent, context } satisfies AgentHookArguments,
    afterAgentCallback: { agent, context } satisfies AgentHookArguments,
    beforeModelCallback: { context, request } satisfies BeforeModelHookArguments,
    afterModelCallback: { context, response } satisfies AfterModelHookArguments,
    onModelErrorCallback: {
      context,
      request,
      error: new TypeError('model down'),
    } satisfies ModelErrorHookArguments,
    beforeToolCallback: { tool, args, context: toolContext } satisfies BeforeToolHookArguments,
    afterToolCallback: {
      tool,
      args,
      context: toolContext,
      response: { temperature: 20 },
    } satisfies AfterToolHookArguments,
    onToolErrorCallback: {
      tool,
      args,
      context: toolContext,
      error: new RangeError('tool broke'),
    } satisfies ToolErrorHookArguments,
  };
}

/** One hook call a RecordingPlugin saw. */
export type Call = { plugin: string; hook: PluginHookName; args: unknown };

/**
 * A plugin whose every hook records its call and returns `result(hook)`,
 * synchronously or (with `async: true`) through a promise.
 */
export class RecordingPlugin extends BasePlugin {
  constructor(
    name: string,
    private readonly calls: Call[],
    private readonly result: (hook: PluginHookName) => unknown = () => undefined,
    private readonly async = false,
  ) {
    super(name);
  }

  private answer(hook: PluginHookName, args: unknown): never {
    this.calls.push({ plugin: this.name, hook, args });
    const value = this.result(hook);
    // Each hook's declared type differs; the recorder answers all of them alike.
    return (this.async ? Promise.resolve(value) : value) as never;
  }

  override onUserMessageCallback(args: UserMessageHookArguments) {
    return this.answer('onUserMessageCallback', args);
  }
  override beforeRunCallback(args: RunHookArguments) {
    return this.answer('beforeRunCallback', args);
  }
  override onEventCallback(args: EventHookArguments) {
    return this.answer('onEventCallback', args);
  }
  override afterRunCallback(args: RunHookArguments) {
    return this.answer('afterRunCallback', args);
  }
  override beforeAgentCallback(args: AgentHookArguments) {
    return this.answer('beforeAgentCallback', args);
  }
  override afterAgentCallback(args: AgentHookArguments) {
    return this.answer('afterAgentCallback', args);
  }
  override beforeModelCallback(args: BeforeModelHookArguments) {
    return this.answer('beforeModelCallback', args);
  }
  override afterModelCallback(args: AfterModelHookArguments) {
    return this.answer('afterModelCallback', args);
  }
  override onModelErrorCallback(args: ModelErrorHookArguments) {
    return this.answer('onModelErrorCallback', args);
  }
  override beforeToolCallback(args: BeforeToolHookArguments) {
    return this.answer('beforeToolCallback', args);
  }
  override afterToolCallback(args: AfterToolHookArguments) {
    return this.answer('afterToolCallback', args);
  }
  override onToolErrorCallback(args: ToolErrorHookArguments) {
    return this.answer('onToolErrorCallback', args);
  }
}

type LogRecord = { level: keyof Logger; message: string; details: unknown[] };

/** What was logged during the current test (see useRecordedLogs). */
export let logRecords: LogRecord[] = [];

/**
 * Registers hooks that make the calling test file's tests log into `logRecords` (emptied before
 * each test) and restore the default logger after each.
 */
export function useRecordedLogs(): void {
  beforeEach(() => {
    logRecords = [];
    const record =
      (level: keyof Logger) =>
      (message: string, ...details: unknown[]) =>
        logRecords.push({ level, message, details });
    setLogger({
      debug: record('debug'),
      info: record('info'),
      warn: record('warn'),
      error: record('error'),
    });
  });

  afterEach(() => {
    setLogger();
  });
}
