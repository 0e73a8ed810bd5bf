import { LlmAgent } from '../agents/llm-agent.js';
import { LiveRequestQueue } from '../context/live-request-queue.js';
import type { RunConfig } from '../context/run-config.js';
import { createEvent, type Event } from '../events/event.js';
import { Gemini } from '../models/gemini/gemini.js';
import {
  LocalLiveServer,
  type LiveServerRule,
  type LiveSetupRefusal,
} from '../models/gemini/gemini-live-test-fixtures.js';
import type { BaseTool } from '../tools/base-tool.js';
import type { Content } from '../types/index.js';
import { InMemoryRunner } from './in-memory-runner.js';

/** The live model the end-to-end tests name. */
export const LIVE_MODEL = 'gemini-live-2.5-flash-preview';

/** What a LiveGeminiRun is started with. */
export interface LiveGeminiRunOptions {
  /** The local server's scripted answers. */
  rules: LiveServerRule[];
  /** Setup refusals of the local server (see `LocalLiveServer.start`). */
  refuseSetup?: LiveSetupRefusal;
  /** The run's config (modalities, transcription, …). */
  runConfig?: Partial<RunConfig>;
  /** The agent's tools. */
  tools?: BaseTool[];
  /** Speaks to Vertex AI (express mode, with an API key) instead of the Gemini API. */
  vertexai?: boolean;
  /** Earlier turns stored in the session before the run (user and `voice_agent` contents). */
  history?: Content[];
}

/**
 * A `Runner.runLive` of an LlmAgent on a real `Gemini` model whose client
 * speaks BidiGenerateContent to a `LocalLiveServer`, consumed in the
 * background: tests feed the queue, wait for events or frames (never for
 * time) and read how the run ended.
 */
export class LiveGeminiRun {
  /** The events the run yielded, in order. */
  readonly events: Event[] = [];
  /** The client's queue into the run. */
  readonly queue = new LiveRequestQueue();
  /** Settles when the run ends: with its error, or undefined when it ended cleanly. */
  ended: Promise<unknown> = Promise.resolve(undefined);
  private readonly waiters: { ready: () => boolean; resolve: () => void }[] = [];

  private constructor(
    readonly server: LocalLiveServer,
    readonly runner: InMemoryRunner,
  ) {}

  /** Starts the server and the run (agent `voice_agent`, user `u`, session `s`). */
  static async start(options: LiveGeminiRunOptions): Promise<LiveGeminiRun> {
    const server = await LocalLiveServer.start(
      options.rules,
      options.refuseSetup === undefined ? {} : { refuseSetup: options.refuseSetup },
    );
    const model = new Gemini({
      model: LIVE_MODEL,
      apiKey: 'live-test-key',
      baseUrl: server.url,
      maxRetries: 0,
      ...(options.vertexai ? { vertexai: true } : {}),
    });
    const agent = new LlmAgent({ name: 'voice_agent', model, tools: options.tools ?? [] });
    const runner = new InMemoryRunner({ agent, appName: 'app' });
    const session = await runner.sessionService.createSession({
      appName: 'app',
      userId: 'u',
      sessionId: 's',
    });
    for (const content of options.history ?? []) {
      const author = content.role === 'user' ? 'user' : 'voice_agent';
      await runner.sessionService.appendEvent({
        session,
        event: createEvent({ invocationId: 'e-earlier', author, content }),
      });
    }
    const run = new LiveGeminiRun(server, runner);
    run.ended = run.consume(options.runConfig);
    return run;
  }

  /** Resolves once `count` events matching `match` have been yielded (counting those already yielded). */
  async eventsMatching(match: (event: Event) => boolean, count = 1): Promise<Event[]> {
    const found = (): Event[] => this.events.filter(match);
    await this.until(() => found().length >= count);
    return found();
  }

  /** The events stored in the session. */
  async storedEvents(): Promise<Event[]> {
    const session = await this.runner.sessionService.getSession({
      appName: 'app',
      userId: 'u',
      sessionId: 's',
    });
    return session?.events ?? [];
  }

  /** Ends the run (closing the queue) and stops the server. */
  async stop(): Promise<void> {
    this.queue.close();
    await this.ended;
    await this.server.close();
  }

  private until(ready: () => boolean): Promise<void> {
    if (ready()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ ready, resolve }));
  }

  private wake(): void {
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i];
      if (waiter?.ready()) {
        this.waiters.splice(i, 1);
        waiter.resolve();
      }
    }
  }

  private async consume(runConfig: Partial<RunConfig> | undefined): Promise<unknown> {
    try {
      for await (const event of this.runner.runLive({
        userId: 'u',
        sessionId: 's',
        liveRequestQueue: this.queue,
        ...(runConfig ? { runConfig } : {}),
      })) {
        this.events.push(event);
        this.wake();
      }
      return undefined;
    } catch (error) {
      return error;
    } finally {
      // A waiter whose event never comes is released, so its test fails on its assertions.
      for (const waiter of this.waiters.splice(0)) waiter.resolve();
    }
  }
}

/** The text of a event's first part, its transcription, or a marker of what it carries. */
export function describeEvent(event: Event): string {
  const part = event.content?.parts?.[0];
  if (part?.text !== undefined) return `${event.author}: ${part.text}${event.partial ? ' …' : ''}`;
  if (part?.inlineData) return `${event.author}: audio ${part.inlineData.data ?? ''}`;
  if (part?.functionCall) return `${event.author}: call ${part.functionCall.name ?? ''}`;
  if (part?.functionResponse) return `${event.author}: answer ${part.functionResponse.name ?? ''}`;
  if (event.inputTranscription) {
    return `${event.author}: heard ${event.inputTranscription.text ?? ''}${event.partial ? ' …' : ''}`;
  }
  if (event.outputTranscription) {
    return `${event.author}: said ${event.outputTranscription.text ?? ''}${event.partial ? ' …' : ''}`;
  }
  if (event.interrupted) return `${event.author}: interrupted`;
  if (event.turnComplete) return `${event.author}: turn complete`;
  if (event.liveSessionResumptionUpdate) return `${event.author}: resumable`;
  return `${event.author}: other`;
}
