import { describe, expect, it } from 'vitest';
import { AlreadyExistsError } from '../errors/already-exists-error.js';
import { PluginCallbackError } from '../errors/plugin-callback-error.js';
import { BasePlugin } from './base-plugin.js';
import { PluginManager } from './plugin-manager.js';
import type { Call } from './plugin-manager-test-fixtures.js';
import {
  useRecordedLogs,
  makeArguments,
  RecordingPlugin,
  logRecords,
} from './plugin-manager-test-fixtures.js';

useRecordedLogs();

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
