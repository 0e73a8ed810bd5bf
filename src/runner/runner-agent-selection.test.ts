import { describe, expect, it, vi } from 'vitest';
import { createEvent, type Event } from '../events/event.js';
import { ScriptedAgent, modelText, userText } from '../testing/test-agents.js';
import { setLogger } from '../utils/logger.js';
import { ids, collect, newRunner, stored } from './runner-test-fixtures.js';

describe('Runner agent selection (spec 000 §1.4; adk-python behaviour 13)', () => {
  function tree() {
    const transferable = new ScriptedAgent({
      name: 'helper',
      transferable: true,
      steps: [{ content: modelText('helper') }],
    });
    const fixed = new ScriptedAgent({ name: 'fixed', steps: [{ content: modelText('fixed') }] });
    const root = new ScriptedAgent({
      name: 'root',
      transferable: true,
      subAgents: [transferable, fixed],
      steps: [{ content: modelText('root') }],
    });
    return { root, transferable, fixed };
  }

  async function seeded(author: string, extra: Partial<Event> = {}) {
    const { root } = tree();
    const runner = await newRunner(root);
    const session = (await runner.sessionService.getSession(ids))!;
    await runner.sessionService.appendEvent({
      session,
      event: createEvent({ author, content: modelText('earlier'), ...extra }),
    });
    return runner;
  }

  it('goes back to the last agent that can transfer across the tree', async () => {
    const events = await collect(
      (await seeded('helper')).runAsync({ ...ids, newMessage: userText('again') }),
    );
    expect(events[0]!.author).toBe('helper');
  });

  it('falls back to the root for agents that cannot transfer, unknown authors and empty sessions', async () => {
    for (const runner of [
      await seeded('fixed'),
      await seeded('stranger'),
      await newRunner(tree().root),
    ]) {
      const warn = vi.fn();
      setLogger({ debug: () => {}, info: () => {}, warn, error: () => {} });
      try {
        const events = await collect(runner.runAsync({ ...ids, newMessage: userText('again') }));
        expect(events[0]!.author).toBe('root');
      } finally {
        setLogger();
      }
    }
  });

  it('warns of an unknown author, but not of a workflow node (its events carry nodeInfo.path)', async () => {
    for (const [runner, warned] of [
      [await seeded('stranger'), true],
      [await seeded('classify', { nodeInfo: { path: 'triage@1/classify@1' } }), false],
    ] as const) {
      const warn = vi.fn();
      setLogger({ debug: () => {}, info: () => {}, warn, error: () => {} });
      try {
        const events = await collect(runner.runAsync({ ...ids, newMessage: userText('again') }));
        expect(events[0]!.author).toBe('root');
        expect(warn.mock.calls.some(([message]) => String(message).includes('unknown agent'))).toBe(
          warned,
        );
      } finally {
        setLogger();
      }
    }
  });

  it('skips agent-state checkpoints when scanning back', async () => {
    const runner = await seeded('helper');
    const session = (await runner.sessionService.getSession(ids))!;
    await runner.sessionService.appendEvent({
      session,
      event: createEvent({ author: 'fixed', actions: { endOfAgent: true } }),
    });
    const events = await collect(runner.runAsync({ ...ids, newMessage: userText('again') }));
    expect(events[0]!.author).toBe('helper');
  });

  it('sends a function response to the agent that made the call, on the call’s branch', async () => {
    const runner = await seeded('fixed', {
      content: {
        role: 'model',
        parts: [{ functionCall: { name: 'ask', args: {}, id: 'call-1' } }],
      },
      branch: 'root.fixed',
    });
    const events = await collect(
      runner.runAsync({
        ...ids,
        newMessage: {
          role: 'user',
          parts: [{ functionResponse: { name: 'ask', id: 'call-1', response: { ok: true } } }],
        },
      }),
    );
    expect(events[0]!.author).toBe('fixed');
    expect((await stored(runner)).at(-2)!.branch).toBe('root.fixed');
  });
});
