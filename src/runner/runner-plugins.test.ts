import { describe, expect, it } from 'vitest';
import type {
  EventHookArguments,
  RunHookArguments,
  UserMessageHookArguments,
} from '../context/hook-arguments.js';
import { type Event } from '../events/event.js';
import { BasePlugin } from '../plugins/base-plugin.js';
import { ScriptedAgent, modelText, userText } from '../testing/test-agents.js';
import type { Content } from '../types/index.js';
import { ids, collect, newRunner, stored } from './runner-test-fixtures.js';

describe('Runner plugins (spec 000 §1.2, §1.5; spec 003 §14)', () => {
  it('calls onUserMessage, beforeRun, onEvent and afterRun in order', async () => {
    const calls: string[] = [];
    class Recorder extends BasePlugin {
      override onUserMessageCallback({ userMessage }: UserMessageHookArguments): undefined {
        calls.push(`user:${userMessage.parts?.[0]?.text}`);
        return undefined;
      }
      override beforeRunCallback(): undefined {
        calls.push('beforeRun');
        return undefined;
      }
      override onEventCallback({ event }: EventHookArguments): undefined {
        calls.push(`event:${event.author}`);
        return undefined;
      }
      override afterRunCallback({ invocationContext }: RunHookArguments): void {
        calls.push(`afterRun:${invocationContext.agent.name}`);
      }
    }
    const runner = await newRunner(
      new ScriptedAgent({ name: 'agent', steps: [{ content: modelText('x') }] }),
      {
        plugins: [new Recorder('recorder')],
      },
    );
    await collect(runner.runAsync({ ...ids, newMessage: userText('hi') }));
    expect(calls).toEqual(['user:hi', 'beforeRun', 'event:agent', 'afterRun:agent']);
  });

  it('onUserMessage may replace the message that is stored', async () => {
    class Rewrite extends BasePlugin {
      override onUserMessageCallback(): Content {
        return userText('rewritten');
      }
    }
    const runner = await newRunner(new ScriptedAgent({ name: 'agent' }), {
      plugins: [new Rewrite('rewrite')],
    });
    await collect(runner.runAsync({ ...ids, newMessage: userText('original') }));
    expect((await stored(runner))[0]!.content).toEqual(userText('rewritten'));
  });

  it('beforeRun content ends the run early with a persisted event authored `model`; afterRun still runs', async () => {
    const calls: string[] = [];
    class Gate extends BasePlugin {
      override beforeRunCallback(): Content {
        return modelText('closed');
      }
      override afterRunCallback(): void {
        calls.push('afterRun');
      }
    }
    const agent = new ScriptedAgent({ name: 'agent', steps: [{ content: modelText('never') }] });
    const runner = await newRunner(agent, { plugins: [new Gate('gate')] });
    const events = await collect(runner.runAsync({ ...ids, newMessage: userText('hi') }));
    expect(agent.runs).toBe(0);
    expect(events.map((event) => [event.author, event.content?.parts?.[0]?.text])).toEqual([
      ['model', 'closed'],
    ]);
    expect((await stored(runner)).map((event) => event.author)).toEqual(['user', 'model']);
    expect(calls).toEqual(['afterRun']);
  });

  it('onEvent runs before the commit: its replacement is what is stored and yielded', async () => {
    class Redact extends BasePlugin {
      override onEventCallback({ event }: EventHookArguments): Event {
        return { ...event, content: modelText('[redacted]') };
      }
    }
    const runner = await newRunner(
      new ScriptedAgent({ name: 'agent', steps: [{ content: modelText('secret') }] }),
      { plugins: [new Redact('redact')] },
    );
    const events = await collect(runner.runAsync({ ...ids, newMessage: userText('hi') }));
    expect(events[0]!.content).toEqual(modelText('[redacted]'));
    expect((await stored(runner))[1]!.content).toEqual(modelText('[redacted]'));
  });

  it('the early-exit event also goes through onEvent before it is stored', async () => {
    class Gate extends BasePlugin {
      override beforeRunCallback(): Content {
        return modelText('closed');
      }
      override onEventCallback({ event }: EventHookArguments): Event {
        return { ...event, customMetadata: { seen: true } };
      }
    }
    const runner = await newRunner(new ScriptedAgent({ name: 'agent' }), {
      plugins: [new Gate('gate')],
    });
    const events = await collect(runner.runAsync({ ...ids, newMessage: userText('hi') }));
    expect(events[0]!.customMetadata).toEqual({ seen: true });
    expect((await stored(runner))[1]!.customMetadata).toEqual({ seen: true });
  });
});
