import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
import { AlreadyExistsError } from '../errors/already-exists-error.js';
import { PluginCallbackError } from '../errors/plugin-callback-error.js';
import { PluginCloseError } from '../errors/plugin-close-error.js';
import { createEvent } from '../events/event.js';
import type { LlmResponse } from '../events/llm-response.js';
import { createLlmRequest } from '../models/llm-request.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import type { Content } from '../types/index.js';
import { setLogger, type Logger } from '../utils/logger.js';
import { BasePlugin, type PluginHookName } from './base-plugin.js';
import { PluginManager } from './plugin-manager.js';

function namedAgent(name: string): AgentContract {
  return new ScriptedAgent({ name });
}

const tool: ToolContract = { name: 'get_weather', description: 'Weather.', isLongRunning: false };

async function makeArguments(manager: PluginManager) {
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

type HookArgumentsByName = Awaited<ReturnType<typeof makeArguments>>;

/** Calls the manager's `run…` method for one hook. */
function dispatch(
  manager: PluginManager,
  hook: PluginHookName,
  all: HookArgumentsByName,
): Promise<unknown> {
  switch (hook) {
    case 'onUserMessageCallback':
      return manager.runOnUserMessageCallback(all[hook]);
    case 'beforeRunCallback':
      return manager.runBeforeRunCallback(all[hook]);
    case 'onEventCallback':
      return manager.runOnEventCallback(all[hook]);
    case 'afterRunCallback':
      return manager.runAfterRunCallback(all[hook]);
    case 'beforeAgentCallback':
      return manager.runBeforeAgentCallback(all[hook]);
    case 'afterAgentCallback':
      return manager.runAfterAgentCallback(all[hook]);
    case 'beforeModelCallback':
      return manager.runBeforeModelCallback(all[hook]);
    case 'afterModelCallback':
      return manager.runAfterModelCallback(all[hook]);
    case 'onModelErrorCallback':
      return manager.runOnModelErrorCallback(all[hook]);
    case 'beforeToolCallback':
      return manager.runBeforeToolCallback(all[hook]);
    case 'afterToolCallback':
      return manager.runAfterToolCallback(all[hook]);
    case 'onToolErrorCallback':
      return manager.runOnToolErrorCallback(all[hook]);
  }
}

const hookNames: readonly PluginHookName[] = [
  'onUserMessageCallback',
  'beforeRunCallback',
  'onEventCallback',
  'afterRunCallback',
  'beforeAgentCallback',
  'afterAgentCallback',
  'beforeModelCallback',
  'afterModelCallback',
  'onModelErrorCallback',
  'beforeToolCallback',
  'afterToolCallback',
  'onToolErrorCallback',
];

type Call = { plugin: string; hook: PluginHookName; args: unknown };

/**
 * A plugin whose every hook records its call and returns `result(hook)`,
 * synchronously or (with `async: true`) through a promise.
 */
class RecordingPlugin extends BasePlugin {
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
let logRecords: LogRecord[] = [];

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

describe('PluginManager dispatch', () => {
  it('hasPlugins is false until a plugin is registered (the flow then skips every hook)', () => {
    const manager = new PluginManager();
    expect(manager.hasPlugins).toBe(false);
    manager.registerPlugin(new RecordingPlugin('only', []));
    expect(manager.hasPlugins).toBe(true);
  });

  it('spec 003 §14: plugins run in registration order, first non-undefined result wins', async () => {
    const calls: Call[] = [];
    const winner: Content = { role: 'model', parts: [{ text: 'from second' }] };
    const manager = new PluginManager({
      plugins: [
        new RecordingPlugin('first', calls),
        new RecordingPlugin('second', calls, () => winner),
        new RecordingPlugin('third', calls, () => ({ role: 'model', parts: [] })),
      ],
    });
    const all = await makeArguments(manager);

    const result = await manager.runBeforeRunCallback(all.beforeRunCallback);

    expect(result).toBe(winner);
    expect(calls.map((call) => call.plugin)).toEqual(['first', 'second']);
    expect(logRecords).toContainEqual({
      level: 'debug',
      message: "Plugin 'second' returned a value for callback 'beforeRunCallback', exiting early.",
      details: [],
    });
  });

  it('spec 003 §14: every plugin runs, in order, when all return undefined; the result is undefined', async () => {
    const calls: Call[] = [];
    const manager = new PluginManager({
      plugins: ['a', 'b', 'c'].map((name) => new RecordingPlugin(name, calls)),
    });
    const all = await makeArguments(manager);

    expect(await manager.runBeforeModelCallback(all.beforeModelCallback)).toBeUndefined();
    expect(calls.map((call) => call.plugin)).toEqual(['a', 'b', 'c']);
  });

  it('spec 003 §14: null counts as no result (Python None), so the next plugin still runs', async () => {
    const calls: Call[] = [];
    const fallback = { result: 'cached' };
    const manager = new PluginManager({
      plugins: [
        new RecordingPlugin('returns_null', calls, () => null),
        new RecordingPlugin('answers', calls, () => fallback),
      ],
    });
    const all = await makeArguments(manager);

    expect(await manager.runBeforeToolCallback(all.beforeToolCallback)).toBe(fallback);
    expect(calls.map((call) => call.plugin)).toEqual(['returns_null', 'answers']);
  });

  it.each(hookNames)(
    'spec 003 §14: %s reaches every plugin with the very argument object, and the first value wins',
    async (hook) => {
      const calls: Call[] = [];
      const winner = { marker: hook };
      const manager = new PluginManager({
        plugins: [
          new RecordingPlugin('passes', calls),
          new RecordingPlugin('answers', calls, () => winner),
          new RecordingPlugin('never_called', calls, () => ({ other: true })),
        ],
      });
      const all = await makeArguments(manager);

      const result = await dispatch(manager, hook, all);

      expect(calls).toEqual([
        { plugin: 'passes', hook, args: all[hook] },
        { plugin: 'answers', hook, args: all[hook] },
      ]);
      for (const call of calls) expect(call.args).toBe(all[hook]);
      // afterRun's value is dropped (Python's after_run_callback returns None), though it stops the chain.
      expect(result).toBe(hook === 'afterRunCallback' ? undefined : winner);
    },
  );

  it('spec 003 §13: sync and async hooks are awaited alike, in order', async () => {
    const calls: Call[] = [];
    const cached: LlmResponse = { content: { role: 'model', parts: [{ text: 'cached' }] } };
    const manager = new PluginManager({
      plugins: [
        new RecordingPlugin('sync_pass', calls),
        new RecordingPlugin('async_pass', calls, () => undefined, true),
        new RecordingPlugin('async_answer', calls, () => cached, true),
        new RecordingPlugin('sync_answer', calls, () => ({ content: undefined })),
      ],
    });
    const all = await makeArguments(manager);

    expect(await manager.runBeforeModelCallback(all.beforeModelCallback)).toBe(cached);
    expect(calls.map((call) => call.plugin)).toEqual(['sync_pass', 'async_pass', 'async_answer']);
  });

  it('spec 003 §14: a change one plugin makes to the arguments is seen by the next', async () => {
    class RewriteArgs extends BasePlugin {
      override beforeToolCallback({ args }: BeforeToolHookArguments): undefined {
        args['city'] = 'Lyon';
        return undefined;
      }
    }
    let seen: unknown;
    class ReadArgs extends BasePlugin {
      override async beforeToolCallback({ args }: BeforeToolHookArguments): Promise<undefined> {
        seen = args['city'];
        return undefined;
      }
    }
    const manager = new PluginManager({
      plugins: [new RewriteArgs('rewrite'), new ReadArgs('read')],
    });
    const all = await makeArguments(manager);

    await manager.runBeforeToolCallback(all.beforeToolCallback);

    expect(seen).toBe('Lyon');
  });

  it('spec 003 §14: BasePlugin defaults return undefined for every hook', async () => {
    class Empty extends BasePlugin {}
    const manager = new PluginManager({ plugins: [new Empty('empty')] });
    const all = await makeArguments(manager);

    for (const hook of hookNames) expect(await dispatch(manager, hook, all)).toBeUndefined();
  });

  it('spec 003 §14: a plugin object lacking a hook is passed over', async () => {
    const calls: Call[] = [];
    const bare = { name: 'bare', close: () => undefined } as unknown as BasePlugin;
    const manager = new PluginManager({
      plugins: [bare, new RecordingPlugin('answers', calls, () => ({ ok: true }))],
    });
    const all = await makeArguments(manager);

    expect(await manager.runAfterToolCallback(all.afterToolCallback)).toEqual({ ok: true });
  });
});

describe('PluginManager errors', () => {
  it.each([
    ['throws synchronously', false],
    ['rejects', true],
  ])(
    'spec 003 §14: a hook that %s becomes a PluginCallbackError naming plugin and hook; later plugins are skipped',
    async (_label, asynchronous) => {
      const calls: Call[] = [];
      const cause = new TypeError('bad state');
      class Broken extends BasePlugin {
        override onEventCallback(): undefined {
          throw cause;
        }
      }
      class BrokenAsync extends BasePlugin {
        override async onEventCallback(): Promise<undefined> {
          throw cause;
        }
      }
      const broken = asynchronous ? new BrokenAsync('broken') : new Broken('broken');
      const manager = new PluginManager({
        plugins: [
          new RecordingPlugin('before', calls),
          broken,
          new RecordingPlugin('after', calls),
        ],
      });
      const all = await makeArguments(manager);

      const error: unknown = await manager.runOnEventCallback(all.onEventCallback).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );

      expect(PluginCallbackError.isInstance(error)).toBe(true);
      if (!PluginCallbackError.isInstance(error)) return;
      expect(error.pluginName).toBe('broken');
      expect(error.callbackName).toBe('onEventCallback');
      expect(error.cause).toBe(cause);
      expect(error.message).toBe(
        "Error in plugin 'broken' during 'onEventCallback' callback: bad state",
      );
      expect(calls.map((call) => call.plugin)).toEqual(['before']);
      expect(logRecords).toContainEqual({
        level: 'error',
        message: "Error in plugin 'broken' during 'onEventCallback' callback: bad state",
        details: [cause],
      });
    },
  );

  it("spec 003 §14: a repeated plugin name is rejected with Python's message", () => {
    const manager = new PluginManager({ plugins: [new RecordingPlugin('same', [])] });

    const register = () => manager.registerPlugin(new RecordingPlugin('same', []));

    expect(register).toThrowError("Plugin with name 'same' already registered.");
    try {
      register();
    } catch (error) {
      expect(AlreadyExistsError.isInstance(error)).toBe(true);
    }
    expect(manager.plugins).toHaveLength(1);
    expect(
      () =>
        new PluginManager({
          plugins: [new RecordingPlugin('x', []), new RecordingPlugin('x', [])],
        }),
    ).toThrowError("Plugin with name 'x' already registered.");
  });
});

describe('PluginManager registry', () => {
  it('spec 003 §14: plugins lists the registered plugins in order; getPlugin finds one by its name', () => {
    const first = new RecordingPlugin('first', []);
    const second = new RecordingPlugin('second', []);
    const manager = new PluginManager({ plugins: [first] });
    manager.registerPlugin(second);

    expect(manager.plugins).toEqual([first, second]);
    expect(manager.getPlugin('second')).toBe(second);
    expect(manager.getPlugin('missing')).toBeUndefined();
    expect(manager.getPlugin('constructor')).toBeUndefined();
    expect(manager.getPlugin('__proto__')).toBeUndefined();
    expect(logRecords.filter((record) => record.level === 'info').map((r) => r.message)).toEqual([
      "Plugin 'first' registered.",
      "Plugin 'second' registered.",
    ]);
  });
});

describe('PluginManager close', () => {
  it('spec 003 §14: close closes every plugin in order, sync and async', async () => {
    const closed: string[] = [];
    class Closing extends BasePlugin {
      constructor(
        name: string,
        private readonly asynchronous: boolean,
      ) {
        super(name);
      }
      override close(): void | Promise<void> {
        if (!this.asynchronous) {
          closed.push(this.name);
          return;
        }
        return Promise.resolve().then(() => {
          closed.push(this.name);
        });
      }
    }
    const manager = new PluginManager({
      plugins: [new Closing('a', true), new Closing('b', false), new Closing('c', true)],
    });

    await manager.close();

    expect(closed).toEqual(['a', 'b', 'c']);
  });

  it('spec 003 §14: a hanging close times out, the others still close, and failures are reported together', async () => {
    const closed: string[] = [];
    class Hanging extends BasePlugin {
      override close(): Promise<void> {
        return new Promise(() => {});
      }
    }
    class Failing extends BasePlugin {
      override close(): void {
        throw new TypeError('socket gone');
      }
    }
    class Fine extends BasePlugin {
      override async close(): Promise<void> {
        closed.push(this.name);
      }
    }
    const manager = new PluginManager({
      plugins: [new Hanging('hanging'), new Failing('failing'), new Fine('fine')],
      closeTimeoutMs: 10,
    });

    const error: unknown = await manager.close().then(
      () => undefined,
      (thrown: unknown) => thrown,
    );

    expect(closed).toEqual(['fine']);
    expect(PluginCloseError.isInstance(error)).toBe(true);
    if (!PluginCloseError.isInstance(error)) return;
    expect(error.message).toBe(
      "Failed to close plugins: 'hanging': TimeoutError, 'failing': TypeError",
    );
    expect([...error.failures.keys()]).toEqual(['hanging', 'failing']);
    expect((error.failures.get('hanging') as Error).name).toBe('TimeoutError');
    expect(logRecords).toContainEqual({
      level: 'warn',
      message: 'Timeout/Cancelled while closing plugin: hanging',
      details: [],
    });
    expect(logRecords.some((r) => r.level === 'error' && r.message.includes('failing'))).toBe(true);
  });

  it('spec 003 §14: after setSkipClosingPlugins(true), close leaves the plugins open', async () => {
    let closes = 0;
    class Counting extends BasePlugin {
      override close(): void {
        closes += 1;
      }
    }
    const manager = new PluginManager({ plugins: [new Counting('counting')] });
    manager.setSkipClosingPlugins(true);

    await manager.close();
    expect(closes).toBe(0);

    manager.setSkipClosingPlugins(false);
    await manager.close();
    expect(closes).toBe(1);
  });
});
