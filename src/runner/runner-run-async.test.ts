import { describe, expect, it, vi } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { SessionNotFoundError } from '../errors/session-not-found-error.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { ScriptedAgent, modelText, userText } from '../testing/test-agents.js';
import { InMemoryRunner } from './in-memory-runner.js';
import { Runner } from './runner.js';
import { ids, collect, newRunner, stored } from './runner-test-fixtures.js';

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
