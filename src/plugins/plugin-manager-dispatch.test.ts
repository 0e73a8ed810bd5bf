import { describe, expect, it } from 'vitest';
import type { BeforeToolHookArguments } from '../context/hook-arguments.js';
import type { LlmResponse } from '../events/llm-response.js';
import type { Content } from '../types/index.js';
import { BasePlugin, type PluginHookName } from './base-plugin.js';
import { PluginManager } from './plugin-manager.js';
import type { Call } from './plugin-manager-test-fixtures.js';
import {
  useRecordedLogs,
  makeArguments,
  RecordingPlugin,
  logRecords,
} from './plugin-manager-test-fixtures.js';

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

useRecordedLogs();

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
