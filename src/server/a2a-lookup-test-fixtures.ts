import type { Message } from '@a2a-js/sdk';
import type { Client } from '@a2a-js/sdk/client';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import type { Event } from '../events/event.js';
import { deferred, type Deferred } from '../flows/live-streaming-test-fixtures.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import type { RunAsyncRequest } from '../runner/runner-requests.js';
import { ScriptedLlm, functionCallResponse, textResponse } from '../testing/scripted-llm.js';
import { FunctionTool } from '../tools/function-tool.js';
import { LongRunningFunctionTool } from '../tools/long-running-function-tool.js';
import { serveA2a, type ServedA2a } from './a2a-test-fixtures.js';

/** What the served lookup agent lets a test wait on and drive. */
export interface LookupProbe {
  /** Resolved when `slow_lookup` started. */
  toolStarted: Deferred<void>;
  /** Resolved with the abort reason when `slow_lookup` saw its run's abort signal fire. */
  toolSawAbort: Deferred<unknown>;
  /** Resolve to let `slow_lookup` answer `{ found: 'blue' }`. */
  release: Deferred<void>;
  /** Resolved when a run of the served runner ended (finished, failed or stopped). */
  runEnded: Deferred<void>;
}

/** A new probe, nothing resolved. */
export function lookupProbe(): LookupProbe {
  return {
    toolStarted: deferred(),
    toolSawAbort: deferred<unknown>(),
    release: deferred(),
    runEnded: deferred(),
  };
}

/**
 * The served side of the cancellation tests. By the last user text:
 * `quick` answers at once; `approve` calls the long-running `ask_manager`
 * (the task pauses in input-required); anything else calls `slow_lookup`,
 * which waits until `probe.release` (then the agent answers
 * `found: blue`) or until its run's abort signal fires (then it throws the
 * abort reason).
 */
export function lookupAgent(probe: LookupProbe): LlmAgent {
  const slowLookup = new FunctionTool({
    name: 'slow_lookup',
    description: 'Looks something up; takes a while.',
    parameters: z.object({ key: z.string() }),
    execute: (_args, context) => {
      const signal = context.invocation.abortSignal;
      probe.toolStarted.resolve();
      return new Promise<{ found: string }>((resolve, reject) => {
        const onAbort = (): void => {
          probe.toolSawAbort.resolve(signal?.reason);
          reject(signal?.reason as Error);
        };
        if (signal?.aborted) onAbort();
        signal?.addEventListener('abort', onAbort, { once: true });
        void probe.release.promise.then(() => resolve({ found: 'blue' }));
      });
    },
  });
  const askManager = new LongRunningFunctionTool({
    name: 'ask_manager',
    description: 'Asks the manager.',
    execute: () => undefined,
  });
  return new LlmAgent({
    name: 'lookup_agent',
    description: 'Looks things up.',
    model: new ScriptedLlm({
      responses: (request) => {
        const last = request.contents.at(-1)?.parts ?? [];
        const answered = last.find((part) => part.functionResponse)?.functionResponse;
        if (answered) return textResponse(`found: ${String(answered.response?.['found'])}`);
        if (last.some((part) => part.text === 'quick')) return textResponse('quick answer');
        if (last.some((part) => part.text === 'approve')) {
          return functionCallResponse('ask_manager', {});
        }
        return functionCallResponse('slow_lookup', { key: 'colour' });
      },
    }),
    tools: [slowLookup, askManager],
  });
}

/** An in-memory runner that resolves `probe.runEnded` whenever a run ends. */
class WatchedRunner extends InMemoryRunner {
  constructor(
    agent: LlmAgent,
    private readonly probe: LookupProbe,
  ) {
    super({ agent, appName: agent.name });
  }

  override async *runAsync(request: RunAsyncRequest): AsyncGenerator<Event, void, undefined> {
    try {
      yield* super.runAsync(request);
    } finally {
      this.probe.runEnded.resolve();
    }
  }
}

/** Serves the lookup agent with `toA2a` on 127.0.0.1, on a runner `probe` watches. */
export function serveLookupAgent(probe: LookupProbe): Promise<ServedA2a> {
  const agent = lookupAgent(probe);
  return serveA2a(agent, new WatchedRunner(agent, probe));
}

/** A send request of the SDK client for `message`. */
export function sendRequest(message: Message): Parameters<Client['sendMessage']>[0] {
  return { tenant: '', message, configuration: undefined, metadata: undefined };
}
