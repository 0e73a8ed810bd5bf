import { describe, expect, it, vi } from 'vitest';
import type { BaseAgent } from '../agents/base-agent.js';
import { SequentialAgent } from '../agents/sequential-agent.js';
import type {
  EventHookArguments,
  RunHookArguments,
  UserMessageHookArguments,
} from '../context/hook-arguments.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { InvalidAgentConfigError } from '../errors/invalid-agent-config-error.js';
import { InvocationNotResumableError } from '../errors/invocation-not-resumable-error.js';
import { SessionNotFoundError } from '../errors/session-not-found-error.js';
import { createEvent, type Event } from '../events/event.js';
import { BasePlugin } from '../plugins/base-plugin.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { ScriptedAgent, modelText, userText } from '../testing/test-agents.js';
import type { Content } from '../types/index.js';
import { setLogger } from '../utils/logger.js';
import { App } from './app.js';
import { InMemoryRunner } from './in-memory-runner.js';
import { Runner } from './runner.js';

const ids = { appName: 'app', userId: 'u', sessionId: 's' };

async function collect(generator: AsyncGenerator<Event>): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of generator) events.push(event);
  return events;
}

async function newRunner(
  agent: BaseAgent,
  extra: Partial<ConstructorParameters<typeof InMemoryRunner>[0]> = {},
) {
  const runner = new InMemoryRunner({ agent, appName: 'app', ...extra });
  await runner.sessionService.createSession(ids);
  return runner;
}

async function stored(runner: Runner): Promise<Event[]> {
  return (await runner.sessionService.getSession(ids))!.events;
}

describe('Runner.runAsync (spec 000 §1.1–1.5)', () => {
  it('appends the user message first, with role defaulted to user and the state delta attached', async () => {
    const agent = new ScriptedAgent({ name: 'agent', steps: [{ content: modelText('hello') }] });
    const runner = await newRunner(agent);
    const events = await collect(
      runner.runAsync({
        ...ids,
        newMessage: { parts: [{ text: 'hi' }] },
        stateDelta: { mood: 'good' },
      }),
    );
    const history = await stored(runner);
    expect(history.map((event) => event.author)).toEqual(['user', 'agent']);
    expect(history[0]!.content).toEqual({ role: 'user', parts: [{ text: 'hi' }] });
    expect(history[0]!.actions.stateDelta).toEqual({ mood: 'good' });
    expect(history[1]!.id).toBe(events[0]!.id);
    expect((await runner.sessionService.getSession(ids))!.state).toEqual({ mood: 'good' });
  });

  it('uses Python id and time formats (issue 2 §2)', async () => {
    const runner = await newRunner(
      new ScriptedAgent({ name: 'agent', steps: [{ content: modelText('x') }] }),
    );
    const before = Date.now() / 1000;
    const [event] = await collect(runner.runAsync({ ...ids, newMessage: userText('hi') }));
    expect(event!.invocationId).toMatch(
      /^e-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(event!.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(event!.timestamp).toBeGreaterThanOrEqual(before - 1);
    expect(event!.timestamp).toBeLessThan(before + 60);
    const history = await stored(runner);
    expect(new Set(history.map((stored) => stored.invocationId)).size).toBe(1);
  });

  it('commits every non-partial event before the agent resumes (spec 001 "State Updates")', async () => {
    const seen: unknown[] = [];
    const agent = new ScriptedAgent({
      name: 'agent',
      steps: [
        { actions: { stateDelta: { status: 'processing' } } },
        async (context) => {
          seen.push(context.session.state['status']);
          const persisted = await context.sessionService.getSession(ids);
          seen.push(persisted!.state['status']);
        },
      ],
    });
    await collect((await newRunner(agent)).runAsync({ ...ids, newMessage: userText('go') }));
    expect(seen).toEqual(['processing', 'processing']);
  });

  it('yields partial events but never persists them (spec 000 §1.5)', async () => {
    const agent = new ScriptedAgent({
      name: 'agent',
      steps: [
        { content: modelText('Hel'), partial: true, actions: { stateDelta: { leaked: true } } },
        { content: modelText('Hello') },
      ],
    });
    const runner = await newRunner(agent);
    const events = await collect(runner.runAsync({ ...ids, newMessage: userText('hi') }));
    expect(events.map((event) => event.partial)).toEqual([true, undefined]);
    const history = await stored(runner);
    expect(history).toHaveLength(2);
    expect((await runner.sessionService.getSession(ids))!.state).toEqual({});
  });

  it('copies runConfig.customMetadata onto every event, the user’s included, the event’s own keys winning', async () => {
    const agent = new ScriptedAgent({
      name: 'agent',
      steps: [
        { content: modelText('a') },
        { content: modelText('b'), customMetadata: { source: 'own' } },
      ],
    });
    const runner = await newRunner(agent);
    const events = await collect(
      runner.runAsync({
        ...ids,
        newMessage: userText('hi'),
        runConfig: { customMetadata: { source: 'run', tag: 1 } },
      }),
    );
    expect(events.map((event) => event.customMetadata)).toEqual([
      { source: 'run', tag: 1 },
      { source: 'own', tag: 1 },
    ]);
    const history = await stored(runner);
    expect(history[0]!.customMetadata).toEqual({ source: 'run', tag: 1 });
    expect(history[2]!.customMetadata).toEqual({ source: 'own', tag: 1 });
  });

  it('throws SessionNotFoundError for a missing session unless autoCreateSession', async () => {
    const agent = new ScriptedAgent({ name: 'agent', steps: [{ content: modelText('x') }] });
    const runner = new InMemoryRunner({ agent, appName: 'app' });
    const error = await collect(runner.runAsync({ ...ids, newMessage: userText('hi') })).catch(
      (caught: unknown) => caught,
    );
    expect(SessionNotFoundError.isInstance(error)).toBe(true);
    const autoRunner = new InMemoryRunner({
      agent: agent.clone(),
      appName: 'app',
      autoCreateSession: true,
    });
    const events = await collect(autoRunner.runAsync({ ...ids, newMessage: userText('hi') }));
    expect(events).toHaveLength(1);
    expect(await autoRunner.sessionService.getSession(ids)).toBeDefined();
  });

  it('rejects a run with neither message nor invocation id, and a message without parts', async () => {
    const runner = await newRunner(new ScriptedAgent({ name: 'agent' }));
    const noMessage = await collect(runner.runAsync(ids)).catch((caught: unknown) => caught);
    expect(InvalidArgumentError.isInstance(noMessage)).toBe(true);
    expect((noMessage as Error).message).toContain(
      'requires either a new_message or an invocation_id',
    );
    const noParts = await collect(
      runner.runAsync({ ...ids, newMessage: { role: 'user', parts: [] } }),
    ).catch((caught: unknown) => caught);
    expect((noParts as Error).message).toBe('No parts in the new_message.');
    expect(await stored(runner)).toEqual([]);
  });

  it('passes runConfig.getSessionConfig to the session load (adk-python behaviour 21)', async () => {
    const service = new InMemorySessionService();
    const spy = vi.spyOn(service, 'getSession');
    const runner = new Runner({
      agent: new ScriptedAgent({ name: 'agent' }),
      appName: 'app',
      sessionService: service,
    });
    await service.createSession(ids);
    await collect(
      runner.runAsync({
        ...ids,
        newMessage: userText('hi'),
        runConfig: { getSessionConfig: { numRecentEvents: 3 } },
      }),
    );
    expect(spy).toHaveBeenCalledWith({ ...ids, config: { numRecentEvents: 3 } });
  });

  it('yields the user event first when yieldUserMessage is set', async () => {
    const runner = await newRunner(
      new ScriptedAgent({ name: 'agent', steps: [{ content: modelText('x') }] }),
    );
    const events = await collect(
      runner.runAsync({ ...ids, newMessage: userText('hi'), yieldUserMessage: true }),
    );
    expect(events.map((event) => event.author)).toEqual(['user', 'agent']);
  });

  it('stops the agent when the abort signal fires', async () => {
    const controller = new AbortController();
    const agent = new ScriptedAgent({
      name: 'agent',
      steps: [
        { content: modelText('one') },
        (context) => {
          controller.abort();
          context.abortSignal?.throwIfAborted();
        },
        { content: modelText('two') },
      ],
    });
    const runner = await newRunner(agent);
    const seen: string[] = [];
    await expect(async () => {
      for await (const event of runner.runAsync({
        ...ids,
        newMessage: userText('hi'),
        abortSignal: controller.signal,
      })) {
        seen.push(event.content!.parts![0]!.text!);
      }
    }).rejects.toThrow();
    expect(seen).toEqual(['one']);
  });
});

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

describe('Runner construction and App (issue 2 §5)', () => {
  const agent = () => new ScriptedAgent({ name: 'agent' });
  const sessionService = new InMemorySessionService();

  it('needs exactly one of app or agent, and an appName with an agent', () => {
    expect(() => new Runner({ sessionService })).toThrow(InvalidArgumentError);
    expect(() => new Runner({ agent: agent(), sessionService })).toThrow(/appName is required/);
    const app = new App({ name: 'my_app', rootAgent: agent() });
    expect(() => new Runner({ app, agent: agent(), sessionService })).toThrow(
      /either an app or an agent/,
    );
    expect(new Runner({ app, sessionService }).appName).toBe('my_app');
  });

  it('validates app names as Python does', () => {
    expect(() => new App({ name: 'bad-name', rootAgent: agent() })).toThrow(
      InvalidAgentConfigError,
    );
    expect(() => new App({ name: 'user', rootAgent: agent() })).toThrow(/reserved/);
  });

  it('InMemoryRunner defaults the app name to InMemoryRunner', () => {
    expect(new InMemoryRunner({ agent: agent() }).appName).toBe('InMemoryRunner');
  });

  it('runs an App’s plugins', async () => {
    const seen: string[] = [];
    class Tap extends BasePlugin {
      override beforeRunCallback(): undefined {
        seen.push('tap');
        return undefined;
      }
    }
    const runner = new InMemoryRunner({
      app: new App({ name: 'app', rootAgent: agent(), plugins: [new Tap('tap')] }),
    });
    await runner.sessionService.createSession(ids);
    await collect(runner.runAsync({ ...ids, newMessage: userText('hi') }));
    expect(seen).toEqual(['tap']);
  });
});

describe('Runner resumption (spec 000 §1.1 step 5, §10.2)', () => {
  function pausingTree() {
    let firstRun = true;
    const pauser = new ScriptedAgent({
      name: 'pauser',
      steps: [
        () => {
          if (!firstRun) return [{ content: modelText('resumed') }];
          firstRun = false;
          return [
            {
              content: {
                role: 'model',
                parts: [{ functionCall: { name: 'approve', args: {}, id: 'lr-1' } }],
              },
              longRunningToolIds: ['lr-1'],
            },
          ];
        },
      ],
    });
    const after = new ScriptedAgent({ name: 'after', steps: [{ content: modelText('after') }] });
    return new SequentialAgent({ name: 'flow', subAgents: [pauser, after] });
  }

  it('a non-resumable app needs a message; with one, a new invocation starts under the id given (Python 2.x)', async () => {
    const runner = await newRunner(
      new ScriptedAgent({ name: 'agent', steps: [{ content: modelText('x') }] }),
    );
    const error = await collect(runner.runAsync({ ...ids, invocationId: 'e-x' })).catch(
      (caught: unknown) => caught,
    );
    expect(InvocationNotResumableError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('requires a new_message or a resumable app');
    expect(await stored(runner)).toEqual([]);
    const events = await collect(
      runner.runAsync({
        ...ids,
        invocationId: 'e-x',
        newMessage: userText('hi'),
        yieldUserMessage: true,
      }),
    );
    // Nothing is resumed: the agent runs from the start, its events and the user's under e-x.
    expect(events.map((event) => [event.author, event.invocationId])).toEqual([
      ['user', 'e-x'],
      ['agent', 'e-x'],
    ]);
    expect((await stored(runner)).map((event) => event.invocationId)).toEqual(['e-x', 'e-x']);
  });

  it('in a resumable app a function response must answer a known call', async () => {
    const runner = await newRunner(pausingTree(), { resumabilityConfig: { isResumable: true } });
    const answer = (id?: string) =>
      collect(
        runner.runAsync({
          ...ids,
          newMessage: {
            role: 'user',
            parts: [{ functionResponse: { name: 'approve', ...(id ? { id } : {}), response: {} } }],
          },
        }),
      ).catch((caught: unknown) => caught);
    const unknown = await answer('nope');
    expect(InvalidArgumentError.isInstance(unknown)).toBe(true);
    expect((unknown as Error).message).toBe(
      'Function call event not found for function response id: nope',
    );
    expect(((await answer()) as Error).message).toBe(
      'Function response id is required to resume an invocation.',
    );
  });

  it('without a stored user message an invocation cannot be resumed', async () => {
    const runner = await newRunner(pausingTree(), { resumabilityConfig: { isResumable: true } });
    await collect(runner.runAsync({ ...ids, newMessage: userText('start') }));
    const error = await collect(runner.runAsync({ ...ids, invocationId: 'e-unknown' })).catch(
      (caught: unknown) => caught,
    );
    expect(InvocationNotResumableError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      'No user message available for resuming invocation: e-unknown',
    );
  });

  it('pauses at a long-running call and resumes the paused sub-agent by invocation id', async () => {
    const runner = await newRunner(pausingTree(), { resumabilityConfig: { isResumable: true } });
    const first = await collect(runner.runAsync({ ...ids, newMessage: userText('start') }));
    expect(first.map((event) => event.author)).toEqual(['flow', 'pauser']);
    const invocationId = first[0]!.invocationId;
    const second = await collect(runner.runAsync({ ...ids, invocationId }));
    expect(second.map((event) => [event.author, event.content?.parts?.[0]?.text])).toEqual([
      ['pauser', 'resumed'],
      ['flow', undefined],
      ['after', 'after'],
      ['flow', undefined],
    ]);
    expect(second.every((event) => event.invocationId === invocationId)).toBe(true);
  });

  it('a function response answering the paused call resumes that invocation', async () => {
    const runner = await newRunner(pausingTree(), { resumabilityConfig: { isResumable: true } });
    const first = await collect(runner.runAsync({ ...ids, newMessage: userText('start') }));
    const second = await collect(
      runner.runAsync({
        ...ids,
        newMessage: {
          role: 'user',
          parts: [{ functionResponse: { name: 'approve', id: 'lr-1', response: { ok: true } } }],
        },
      }),
    );
    expect(second[0]!.invocationId).toBe(first[0]!.invocationId);
    expect(second.map((event) => event.author)).toContain('after');
  });

  it('resuming an invocation that already finished yields nothing', async () => {
    const agent = new SequentialAgent({
      name: 'flow',
      subAgents: [new ScriptedAgent({ name: 'only', steps: [{ content: modelText('x') }] })],
    });
    const runner = await newRunner(agent, { resumabilityConfig: { isResumable: true } });
    const first = await collect(runner.runAsync({ ...ids, newMessage: userText('start') }));
    const again = await collect(runner.runAsync({ ...ids, invocationId: first[0]!.invocationId }));
    expect(again).toEqual([]);
  });

  it('commits through an overridden appendEvent', async () => {
    class RecordingSessionService extends InMemorySessionService {
      readonly appended: string[] = [];
      override async appendEvent(request: Parameters<InMemorySessionService['appendEvent']>[0]) {
        this.appended.push(request.event.author);
        return super.appendEvent(request);
      }
    }
    const service = new RecordingSessionService();
    const agent = new ScriptedAgent({
      name: 'agent',
      steps: [{ content: modelText('one') }, { content: modelText('two') }],
    });
    const runner = new Runner({ agent, appName: 'app', sessionService: service });
    await service.createSession(ids);
    await collect(runner.runAsync({ ...ids, newMessage: userText('go') }));
    expect(service.appended).toEqual(['user', 'agent', 'agent']);
  });
});
