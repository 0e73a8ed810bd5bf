import { describe, expect, it } from 'vitest';
import { PluginCloseError } from '../errors/plugin-close-error.js';
import { BasePlugin } from './base-plugin.js';
import { PluginManager } from './plugin-manager.js';
import { useRecordedLogs, RecordingPlugin, logRecords } from './plugin-manager-test-fixtures.js';

useRecordedLogs();

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
