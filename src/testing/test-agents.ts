import { BaseAgent, type BaseAgentConfig } from '../agents/base-agent.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { createEvent, type Event, type EventInit } from '../events/event.js';

/** One step of a `ScriptedAgent`: an event to yield, or a function producing events. */
export type ScriptedAgentStep =
  | Omit<EventInit, 'author'>
  | ((
      context: InvocationContext,
    ) =>
      | AsyncGenerator<Omit<EventInit, 'author'>, void, undefined>
      | Omit<EventInit, 'author'>[]
      | Promise<void>
      | void);

/** Config of a ScriptedAgent. */
export interface ScriptedAgentConfig extends BaseAgentConfig {
  /** What the agent does when it runs, in order. */
  steps?: readonly ScriptedAgentStep[];
  /** Whether the Runner may route the next turn straight to it (as an LLM agent allowing transfer). */
  transferable?: boolean;
}

/**
 * A custom agent for tests and examples: it yields scripted events (authored
 * by itself, in its invocation and branch) and can run code between them.
 */
export class ScriptedAgent extends BaseAgent {
  readonly steps: readonly ScriptedAgentStep[];
  readonly transferable: boolean;
  /** How many times the agent ran. */
  runs = 0;

  constructor(config: ScriptedAgentConfig) {
    super(config);
    this.steps = config.steps ?? [];
    this.transferable = config.transferable ?? false;
  }

  override canTransferToParent(): boolean {
    return this.transferable;
  }

  protected override async *runAsyncImpl(
    context: InvocationContext,
  ): AsyncGenerator<Event, void, undefined> {
    this.runs += 1;
    for (const step of this.steps) {
      if (typeof step !== 'function') {
        yield this.event(context, step);
        continue;
      }
      const produced = await step(context);
      if (!produced) continue;
      if (Array.isArray(produced)) {
        for (const init of produced) yield this.event(context, init);
      } else {
        for await (const init of produced as AsyncGenerator<Omit<EventInit, 'author'>>) {
          yield this.event(context, init);
        }
      }
    }
  }

  private event(context: InvocationContext, init: Omit<EventInit, 'author'>): Event {
    return createEvent({
      invocationId: context.invocationId,
      ...(context.branch === undefined ? {} : { branch: context.branch }),
      ...init,
      author: this.name,
    });
  }
}

/** A model-role text content, for scripted events. */
export function modelText(text: string): { role: string; parts: { text: string }[] } {
  return { role: 'model', parts: [{ text }] };
}

/** A user-role text content. */
export function userText(text: string): { role: string; parts: { text: string }[] } {
  return { role: 'user', parts: [{ text }] };
}
