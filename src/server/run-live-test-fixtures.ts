import WebSocket from 'ws';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import type { ScriptedLiveTurn } from '../testing/scripted-live-connection.js';
import { ScriptedLiveLlm } from '../testing/scripted-live-llm.js';
import { FunctionTool } from '../tools/function-tool.js';
import type { ApiServerOptions } from './api-server-options.js';
import { serveApiServer, type ApiServerHandle } from './serve-api-server.js';
import { StaticAgentLoader } from './static-agent-loader.js';

// Shared by the run-live-*.test.ts files: a served live app on 127.0.0.1 and a `ws` client.

/** A served `live` app whose agent plays `turns` on a scripted live model. */
export interface LiveServer {
  readonly server: ApiServerHandle;
  readonly model: ScriptedLiveLlm;
  readonly sessionService: InMemorySessionService;
  /** The `ws://` URL of `/run_live` with the given query (app `live`, user `u` unless given). */
  liveUrl(query: Record<string, string | string[]>): string;
}

/** Serves app `live` (an agent with a `get_weather` tool on a ScriptedLiveLlm) on a free port. */
export async function serveLiveApp(
  turns: readonly ScriptedLiveTurn[],
  options: Partial<ApiServerOptions> = {},
): Promise<LiveServer> {
  const model = new ScriptedLiveLlm({ turns });
  const getWeather = new FunctionTool({
    name: 'get_weather',
    description: 'The weather in a city.',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) => ({ weather: `sunny in ${city}` }),
  });
  const agent = new LlmAgent({ name: 'live_agent', model, tools: [getWeather] });
  const sessionService = new InMemorySessionService();
  const server = await serveApiServer({
    port: 0,
    agentLoader: new StaticAgentLoader({ apps: { live: agent } }),
    sessionService,
    ...options,
  });
  return {
    server,
    model,
    sessionService,
    liveUrl(query) {
      const params = new URLSearchParams();
      const all = { app_name: 'live', user_id: 'u', ...query };
      for (const [key, value] of Object.entries(all)) {
        for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
      }
      return `${server.url.replace(/^http/, 'ws')}${options.urlPrefix ?? ''}/run_live?${params}`;
    },
  };
}

/** How a socket ended: the close code and reason the server sent. */
export interface SocketClose {
  code: number;
  reason: string;
}

/**
 * A `ws` client on a `/run_live` URL that records every text frame as JSON
 * and lets a test wait for a frame matching a predicate, or for the close.
 */
export class LiveClient {
  readonly socket: WebSocket;
  /** Every frame received, parsed. */
  readonly frames: Record<string, unknown>[] = [];
  /** Resolves when the socket has closed. */
  readonly closed: Promise<SocketClose>;
  /** Resolves when the socket is open; rejects with the HTTP status when the upgrade is refused. */
  readonly opened: Promise<void>;
  private readonly waiters: (() => void)[] = [];
  private sending: Promise<void>;

  constructor(url: string, headers: Record<string, string> = {}) {
    this.socket = new WebSocket(url, { headers });
    this.socket.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as Record<string, unknown>);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => {
      this.socket.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('unexpected-response', (_request, response) => {
        reject(new Error(`HTTP ${response.statusCode}`));
        this.socket.terminate();
      });
      this.socket.on('error', reject);
    });
    // A test that never waits for the opening still sees a refusal through `closed`.
    this.opened.catch(() => undefined);
    this.sending = this.opened;
  }

  /** Sends `frame` as a JSON text frame (a string as it is), once the socket is open, in order. */
  send(frame: unknown): void {
    const text = typeof frame === 'string' ? frame : JSON.stringify(frame);
    this.sending = this.sending.then(() => this.socket.send(text));
  }

  /** The first frame matching `predicate`, waiting for it; rejects if the socket closes first. */
  async waitFor(
    predicate: (frame: Record<string, unknown>) => boolean,
  ): Promise<Record<string, unknown>> {
    for (;;) {
      const found = this.frames.find(predicate);
      if (found) return found;
      if (this.socket.readyState === WebSocket.CLOSED) {
        throw new Error(`closed before a matching frame; got ${JSON.stringify(this.frames)}`);
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }
}

/** Polls `predicate` on each turn of the event loop until it holds (the test's timeout bounds it). */
export async function until(predicate: () => boolean): Promise<void> {
  while (!predicate()) await new Promise((resolve) => setImmediate(resolve));
}

/** The text of a frame's first part, if any. */
export function frameText(frame: Record<string, unknown>): string | undefined {
  const content = frame['content'] as { parts?: { text?: string }[] } | undefined;
  return content?.parts?.[0]?.text;
}
