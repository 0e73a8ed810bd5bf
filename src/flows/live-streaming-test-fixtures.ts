import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import type { Context } from '../context/context.js';
import { LiveRequestQueue } from '../context/live-request-queue.js';
import type { Event } from '../events/event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import type { ScriptedLiveLlm } from '../testing/scripted-live-llm.js';
import type { BaseTool } from '../tools/base-tool.js';
import { FunctionTool } from '../tools/function-tool.js';
import { stopStreaming } from '../tools/stop-streaming-tool.js';
import type { Content, FunctionResponse } from '../types/index.js';

/** A promise with its resolve function, to wait for a state. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

/** A promise resolved from outside. */
export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** What the stock tool lets a test observe: its price feed, and when its run started and ended. */
export interface StockProbe {
  /** The test sends prices here (as text content); the tool yields one result per price. */
  feed: LiveRequestQueue;
  started: Deferred<Context>;
  finished: Deferred<void>;
  /** How many times the tool's body began. */
  runs: number;
}

/** A stock-price monitor (the reference guide's `monitor_stock_price`), reading prices from `probe.feed`. */
export function stockTool(
  probe: StockProbe,
): FunctionTool<z.ZodObject<{ stock_symbol: z.ZodString }>> {
  return new FunctionTool({
    name: 'monitor_stock_price',
    description: 'Monitors the price of a stock, continuously.',
    parameters: z.object({ stock_symbol: z.string() }),
    async *execute({ stock_symbol }, context, { abortSignal }) {
      probe.runs += 1;
      probe.started.resolve(context);
      try {
        for (;;) {
          const request = await probe.feed.get(abortSignal);
          yield `the price for ${stock_symbol} is ${request.content?.parts?.[0]?.text ?? '?'}`;
        }
      } finally {
        probe.finished.resolve();
      }
    },
  });
}

/** A new probe for `stockTool`. */
export function stockProbe(): StockProbe {
  return { feed: new LiveRequestQueue(), started: deferred(), finished: deferred(), runs: 0 };
}

/** The agent the tests run: the given tools and the ready `stop_streaming`, and the given sub-agents. */
export function monitoringAgent(
  model: ScriptedLiveLlm,
  tools: BaseTool[],
  subAgents: LlmAgent[] = [],
): LlmAgent {
  return new LlmAgent({
    name: 'monitor',
    model,
    instruction: 'Monitor what the user asks for.',
    tools: [...tools, stopStreaming],
    subAgents,
  });
}

/** Runs the agent live on `queue` with an in-memory runner (aborted by `abortSignal`), calling `onEvent` after each event. */
export async function runLive(
  agent: LlmAgent,
  queue: LiveRequestQueue,
  onEvent: (event: Event, events: Event[]) => void | Promise<void>,
  abortSignal?: AbortSignal,
): Promise<{ events: Event[]; runner: InMemoryRunner }> {
  const runner = new InMemoryRunner({ agent, appName: 'streaming' });
  await runner.sessionService.createSession({ appName: 'streaming', userId: 'u', sessionId: 's' });
  const events: Event[] = [];
  for await (const event of runner.runLive({
    userId: 'u',
    sessionId: 's',
    liveRequestQueue: queue,
    ...(abortSignal === undefined ? {} : { abortSignal }),
  })) {
    events.push(event);
    await onEvent(event, events);
  }
  return { events, runner };
}

/** The function responses among the contents a connection was sent. */
export function sentFunctionResponses(contents: readonly Content[]): FunctionResponse[] {
  return contents.flatMap((content) =>
    (content.parts ?? []).flatMap((part) => (part.functionResponse ? [part.functionResponse] : [])),
  );
}

/** A user text content. */
export function userText(text: string): Content {
  return { role: 'user', parts: [{ text }] };
}
