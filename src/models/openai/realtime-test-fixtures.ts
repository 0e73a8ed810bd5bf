import { once } from 'node:events';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { afterEach } from 'vitest';
import type { LlmResponse } from '../../events/llm-response.js';
import type { BaseLlmConnection } from '../base-llm-connection.js';
import { createLlmRequest, type LlmRequest } from '../llm-request.js';
import { OpenAILlm } from './openai-llm.js';
import { LOCAL_TLS_CERTIFICATE, LOCAL_TLS_KEY } from './realtime-tls-test-fixtures.js';

/** One JSON event a client sent to the local Realtime server. */
export type RealtimeClientFrame = Record<string, unknown>;

/** A scripted reaction: when a received event matches, these server events are sent back. */
export interface RealtimeServerRule {
  /** True for the client event this rule answers. */
  when: (frame: RealtimeClientFrame) => boolean;
  /** Realtime server events sent in order, as JSON text frames (an `event_id` is added when missing). */
  reply: Record<string, unknown>[];
  /** Closes the socket after the reply with this WebSocket close code. */
  closeWith?: number;
}

/** How a local Realtime server misbehaves. */
export interface LocalRealtimeServerOptions {
  /** Answers `session.update` with an `error` event instead of `session.updated`. */
  refuseSession?: boolean;
  /** Refuses the WebSocket handshake with this HTTP status (e.g. 401 for a bad key). */
  refuseHandshake?: number;
}

/** The session id the local server gives every session. */
export const LOCAL_SESSION_ID = 'sess_local_1';

/**
 * A local OpenAI Realtime server on 127.0.0.1 for tests, speaking the GA
 * Realtime protocol as the `openai` client's `OpenAIRealtimeWS` expects it.
 * The client always connects with `wss:`, so the server speaks TLS with a
 * throwaway certificate (`certificate`, to trust as the client's `ca`).
 * On connection it sends `session.created`; it answers `session.update`
 * with `session.updated` carrying the session sent (or, with
 * `refuseSession`, with an `error` event); every client event is recorded
 * and answered by the first rule whose `when` matches it (each rule
 * answers once). Tests wait for events (`nextFrame`), never for time.
 */
export class LocalRealtimeServer {
  /** The client events received, in order. */
  readonly frames: RealtimeClientFrame[] = [];
  /** The request paths (with query) of the connections made. */
  readonly paths: string[] = [];
  /** The `authorization` headers of the connections made. */
  readonly authorizations: string[] = [];
  /** The `api-key` headers (Azure's) of the connections made. */
  readonly apiKeys: string[] = [];
  /** The certificate to trust (the client's `ca`). */
  readonly certificate = LOCAL_TLS_CERTIFICATE;
  private readonly https: Server;
  private readonly rules: RealtimeServerRule[];
  private readonly refuseSession: boolean;
  private readonly waiters: {
    match: (frame: RealtimeClientFrame) => boolean;
    resolve: (frame: RealtimeClientFrame) => void;
  }[] = [];
  private readonly sockets = new Set<WebSocket>();
  private eventCount = 0;

  private constructor(
    https: Server,
    rules: RealtimeServerRule[],
    { refuseSession = false, refuseHandshake }: LocalRealtimeServerOptions,
  ) {
    this.https = https;
    this.rules = [...rules];
    this.refuseSession = refuseSession;
    const server = new WebSocketServer({
      server: https,
      verifyClient: (_info, accept) =>
        refuseHandshake === undefined ? accept(true) : accept(false, refuseHandshake),
    });
    server.on('connection', (socket, request) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      this.paths.push(request.url ?? '');
      this.authorizations.push(request.headers.authorization ?? '');
      this.apiKeys.push(String(request.headers['api-key'] ?? ''));
      socket.on('message', (data: Buffer) => this.receive(socket, data));
      this.send(socket, {
        type: 'session.created',
        session: { id: LOCAL_SESSION_ID, object: 'realtime.session', type: 'realtime' },
      });
    });
  }

  /** Starts a server on a random port with these rules and options. */
  static async start(
    rules: RealtimeServerRule[] = [],
    options: LocalRealtimeServerOptions = {},
  ): Promise<LocalRealtimeServer> {
    const https = createServer({ key: LOCAL_TLS_KEY, cert: LOCAL_TLS_CERTIFICATE });
    https.listen(0, '127.0.0.1');
    await once(https, 'listening');
    return new LocalRealtimeServer(https, rules, options);
  }

  /** The base URL to pass as the OpenAI client's `baseURL` (the client adds `/realtime`). */
  get url(): string {
    return `https://127.0.0.1:${(this.https.address() as AddressInfo).port}/v1`;
  }

  /** Resolves with the first event (received already or later) that matches. */
  nextFrame(match: (frame: RealtimeClientFrame) => boolean): Promise<RealtimeClientFrame> {
    const found = this.frames.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  /** Sends server events to every open connection now. */
  push(...events: Record<string, unknown>[]): void {
    for (const socket of this.sockets) for (const event of events) this.send(socket, event);
  }

  /** Ends every open connection at once, without a close frame, as a dropped network does. */
  drop(): void {
    for (const socket of this.sockets) socket.terminate();
  }

  /** Closes the server and its connections. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.terminate();
    this.https.closeAllConnections();
    await new Promise<void>((resolve) => this.https.close(() => resolve()));
  }

  private send(socket: WebSocket, event: Record<string, unknown>): void {
    this.eventCount += 1;
    socket.send(JSON.stringify({ event_id: `event_${this.eventCount}`, ...event }));
  }

  private receive(socket: WebSocket, data: Buffer): void {
    const frame = JSON.parse(data.toString('utf8')) as RealtimeClientFrame;
    this.frames.push(frame);
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i];
      if (waiter?.match(frame)) {
        this.waiters.splice(i, 1);
        waiter.resolve(frame);
      }
    }
    if (frame['type'] === 'session.update') {
      this.send(
        socket,
        this.refuseSession
          ? {
              type: 'error',
              error: {
                type: 'invalid_request_error',
                code: 'invalid_value',
                message: 'Invalid session.',
              },
            }
          : { type: 'session.updated', session: frame['session'] },
      );
      return;
    }
    const index = this.rules.findIndex((rule) => rule.when(frame));
    const rule = this.rules[index];
    if (!rule) return;
    this.rules.splice(index, 1);
    for (const event of rule.reply) this.send(socket, event);
    if (rule.closeWith !== undefined) socket.close(rule.closeWith);
  }
}

/** The server events of one model response: `response.created`, the given events, `response.done` (completed, with usage). */
export function realtimeResponse(
  events: Record<string, unknown>[],
  { status = 'completed', usage }: { status?: string; usage?: Record<string, unknown> } = {},
): Record<string, unknown>[] {
  return [
    { type: 'response.created', response: { id: 'resp_1', status: 'in_progress' } },
    ...events,
    { type: 'response.done', response: { id: 'resp_1', status, ...(usage ? { usage } : {}) } },
  ];
}

/** The model name the Realtime tests use. */
export const REALTIME_TEST_MODEL = 'gpt-realtime';
/** The API key the Realtime tests send. */
export const REALTIME_TEST_KEY = 'sk-realtime-test';

/** An `OpenAILlm` for the local server: its base URL, trusting its certificate. */
export function localRealtimeLlm(
  server: LocalRealtimeServer,
  model = REALTIME_TEST_MODEL,
): OpenAILlm {
  return new OpenAILlm({
    model,
    apiKey: REALTIME_TEST_KEY,
    baseUrl: server.url,
    maxRetries: 0,
    realtimeSocketOptions: { ca: server.certificate },
  });
}

/** Every response of one `receive()` pass. */
export async function collectResponses(
  responses: AsyncGenerator<LlmResponse, void>,
): Promise<LlmResponse[]> {
  const all: LlmResponse[] = [];
  for await (const response of responses) all.push(response);
  return all;
}

/** True for a client event of this `type` (a rule's `when`, a `nextFrame` match). */
export const ofType =
  (type: string) =>
  (frame: RealtimeClientFrame): boolean =>
    frame['type'] === type;

/** The server and connection of one test, closed after it (`useLocalRealtimeConnection`). */
export interface LocalRealtimeConnectionFixture {
  /** The test's server, once started. */
  server: LocalRealtimeServer | undefined;
  /** The test's connection, once opened. */
  connection: BaseLlmConnection | undefined;
  /** Starts a server with these rules and connects to it through `localRealtimeLlm`. */
  open(rules: RealtimeServerRule[], request?: LlmRequest): Promise<BaseLlmConnection>;
}

/**
 * Registers an `afterEach` that closes the test's connection and server,
 * and returns the holder tests open them through.
 */
export function useLocalRealtimeConnection(): LocalRealtimeConnectionFixture {
  const fixture: LocalRealtimeConnectionFixture = {
    server: undefined,
    connection: undefined,
    async open(rules, request = createLlmRequest({ model: REALTIME_TEST_MODEL })) {
      fixture.server = await LocalRealtimeServer.start(rules);
      fixture.connection = await localRealtimeLlm(fixture.server).connect(request);
      return fixture.connection;
    },
  };
  afterEach(async () => {
    await fixture.connection?.close();
    await fixture.server?.close();
    fixture.connection = undefined;
    fixture.server = undefined;
  });
  return fixture;
}
