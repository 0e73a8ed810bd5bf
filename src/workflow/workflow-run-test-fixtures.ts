import type { BaseAgent } from '../agents/base-agent.js';
import type { Event } from '../events/event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import type { Workflow } from './workflow.js';
import type { WorkflowClock } from './workflow-clock.js';

// Shared by the workflow-{chain,routing,failures,scheduling}.test.ts files (runs through the Runner).

/** The app, user and session every test run uses. */
export const ids = { appName: 'app', userId: 'u', sessionId: 's' };

/** What `runWorkflow` saw: the events yielded, the events stored, the error thrown. */
export interface WorkflowRun {
  events: Event[];
  stored: Event[];
  error: unknown;
}

/** Runs `workflow` once through an InMemoryRunner on a fresh session with `message` as the user's text. */
export function runWorkflow(
  workflow: Workflow,
  options: { message?: string; resumable?: boolean } = {},
): Promise<WorkflowRun> {
  return runWorkflowAgent(workflow, options);
}

/** `runWorkflow` for any root agent (a workflow as a sub-agent). */
export async function runWorkflowAgent(
  workflow: BaseAgent,
  { message = 'start', resumable = false }: { message?: string; resumable?: boolean } = {},
): Promise<WorkflowRun> {
  const runner = new InMemoryRunner({
    agent: workflow,
    appName: ids.appName,
    ...(resumable ? { resumabilityConfig: { isResumable: true } } : {}),
  });
  await runner.sessionService.createSession(ids);
  const events: Event[] = [];
  let error: unknown;
  try {
    for await (const event of runner.runAsync({
      userId: ids.userId,
      sessionId: ids.sessionId,
      newMessage: { role: 'user', parts: [{ text: message }] },
    })) {
      events.push(event);
    }
  } catch (caught) {
    error = caught;
  }
  const session = await runner.sessionService.getSession(ids);
  return { events, stored: session?.events ?? [], error };
}

/**
 * `[nodeInfo.path, output]` of each event that carries an output (Python
 * `simplify_events_with_node`); an agent's message that is its output
 * (`nodeInfo.messageAsOutput`, sent without `output`) counts with its text.
 */
export function outputsByPath(events: readonly Event[]): [string, unknown][] {
  const found: [string, unknown][] = [];
  for (const event of events) {
    const path = event.nodeInfo?.path ?? '';
    if (event.output !== undefined && event.output !== null) found.push([path, event.output]);
    else if (event.nodeInfo?.messageAsOutput && !event.partial)
      found.push([path, messageText(event)]);
  }
  return found;
}

function messageText(event: Event): string {
  return (event.content?.parts ?? [])
    .filter((part) => part.text && !part.thought)
    .map((part) => part.text)
    .join('');
}

/** The outputs of `events`, in order. */
export function outputs(events: readonly Event[]): unknown[] {
  return outputsByPath(events).map(([, output]) => output);
}

interface Sleep {
  seconds: number;
  resolve: () => void;
}

/**
 * A WorkflowClock driven by the test. Every sleep is recorded in `sleeps`.
 * With `autoResolve` (the default) sleeps end at once; otherwise they wait
 * until `fire` ends them (or their signal aborts). `random` returns
 * `randomValue`.
 */
export class TestClock implements WorkflowClock {
  readonly sleeps: number[] = [];
  randomValue = 0.5;
  private readonly waiting: Sleep[] = [];
  private readonly listeners: (() => void)[] = [];

  constructor(private readonly autoResolve = true) {}

  sleep(seconds: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(seconds);
    if (this.autoResolve || signal?.aborted) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const sleep: Sleep = {
        seconds,
        resolve: () => {
          const index = this.waiting.indexOf(sleep);
          if (index >= 0) this.waiting.splice(index, 1);
          resolve();
        },
      };
      this.waiting.push(sleep);
      signal?.addEventListener('abort', sleep.resolve, { once: true });
      for (const listener of this.listeners.splice(0)) listener();
    });
  }

  random(): number {
    return this.randomValue;
  }

  /** Waits until a sleep of `seconds` is pending, then ends it. */
  async fire(seconds: number): Promise<void> {
    for (;;) {
      const sleep = this.waiting.find((candidate) => candidate.seconds === seconds);
      if (sleep) {
        sleep.resolve();
        return;
      }
      await new Promise<void>((resolve) => this.listeners.push(resolve));
    }
  }
}

/** A promise with its resolve function, for nodes that wait on the test. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}
