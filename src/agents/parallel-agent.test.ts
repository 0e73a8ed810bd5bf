import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { InvocationContext } from '../context/invocation-context.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { ScriptedAgent, modelText, userText } from '../testing/test-agents.js';
import { runOnce, texts } from '../testing/run-once.js';
import { ParallelAgent } from './parallel-agent.js';
import { SequentialAgent } from './sequential-agent.js';

function delayed(name: string, delays: number[]): ScriptedAgent {
  return new ScriptedAgent({
    name,
    steps: delays.map(
      (delay, index) =>
        async function* () {
          await sleep(delay);
          yield { content: modelText(`${name}${index}`) };
        },
    ),
  });
}

describe('ParallelAgent (issue 2 §4, spec 000 §10.1)', () => {
  it('runs each child on branch `parallel.child` and the parent sees none of it', async () => {
    const parallel = new ParallelAgent({
      name: 'fan',
      subAgents: [delayed('a', [0]), delayed('b', [0])],
    });
    const { events } = await runOnce(parallel);
    const byAuthor = Object.fromEntries(events.map((event) => [event.author, event.branch]));
    expect(byAuthor).toEqual({ a: 'fan.a', b: 'fan.b' });
  });

  it('nests branches under an enclosing branch', async () => {
    const inner = new ParallelAgent({ name: 'inner', subAgents: [delayed('leaf', [0])] });
    const outer = new ParallelAgent({
      name: 'outer',
      subAgents: [new SequentialAgent({ name: 'seq', subAgents: [inner] })],
    });
    const { events } = await runOnce(outer);
    expect(events.map((event) => event.branch)).toEqual(['outer.seq.inner.leaf']);
  });

  it('runs children concurrently and yields events as they come', async () => {
    // Each child waits for the other: run one after the other, this would never finish.
    const aYielded = deferred();
    const bYielded = deferred();
    const a = new ScriptedAgent({
      name: 'a',
      steps: [
        async function* () {
          yield { content: modelText('a0') };
          aYielded.resolve();
          await bYielded.promise;
          yield { content: modelText('a1') };
        },
      ],
    });
    const b = new ScriptedAgent({
      name: 'b',
      steps: [
        async function* () {
          await aYielded.promise;
          yield { content: modelText('b0') };
          bYielded.resolve();
        },
      ],
    });
    const { events } = await runOnce(new ParallelAgent({ name: 'fan', subAgents: [a, b] }));
    expect(texts(events)).toEqual(['a0', 'b0', 'a1']);
  });

  it('a child resumes only after its event was committed (spec 001 event loop)', async () => {
    const observations: unknown[] = [];
    const child = new ScriptedAgent({
      name: 'child',
      steps: [
        { actions: { stateDelta: { counter: 1 } } },
        (context: InvocationContext) => {
          observations.push(context.session.state['counter']);
          observations.push(context.session.events.at(-1)?.actions.stateDelta);
        },
      ],
    });
    await runOnce(new ParallelAgent({ name: 'fan', subAgents: [child, delayed('other', [1])] }));
    expect(observations).toEqual([1, { counter: 1 }]);
  });

  it('one child failing aborts the others and the error reaches the caller', async () => {
    let siblingAborted = false;
    const failing = new ScriptedAgent({
      name: 'failing',
      steps: [
        async () => {
          await sleep(5);
          throw new RangeError('child failed');
        },
      ],
    });
    const sibling = new ScriptedAgent({
      name: 'sibling',
      steps: [
        async (context: InvocationContext) => {
          try {
            await sleep(1_000, undefined, { signal: context.abortSignal });
          } catch {
            siblingAborted = context.abortSignal?.aborted === true;
          }
        },
        { content: modelText('must not appear') },
      ],
    });
    const runner = new InMemoryRunner({
      agent: new ParallelAgent({ name: 'fan', subAgents: [failing, sibling] }),
      appName: 'app',
    });
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    const seen: string[] = [];
    await expect(async () => {
      for await (const event of runner.runAsync({
        userId: 'u',
        sessionId: 's',
        newMessage: userText('go'),
      })) {
        seen.push(event.author);
      }
    }).rejects.toThrow('child failed');
    await sleep(10);
    expect(siblingAborted).toBe(true);
    expect(seen).toEqual([]);
  });

  it('in a resumable app marks itself finished once every child finished', async () => {
    const resumableChild = (name: string) =>
      new SequentialAgent({ name, subAgents: [delayed(`${name}_leaf`, [0])] });
    const parallel = new ParallelAgent({
      name: 'fan',
      subAgents: [resumableChild('a'), resumableChild('b')],
    });
    const { events } = await runOnce(parallel, { resumabilityConfig: { isResumable: true } });
    const last = events.at(-1)!;
    expect(last.author).toBe('fan');
    expect(last.actions.endOfAgent).toBe(true);
    expect(
      events
        .filter((event) => event.actions.endOfAgent)
        .map((event) => event.author)
        .sort(),
    ).toEqual(['a', 'b', 'fan']);
  });
});

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}
