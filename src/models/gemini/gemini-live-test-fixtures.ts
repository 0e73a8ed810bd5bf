import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/** One JSON frame a client sent to the local live server. */
export type LiveClientFrame = Record<string, unknown>;

/** A scripted reaction: when a received frame matches, these server messages are sent back. */
export interface LiveServerRule {
  /** True for the client frame this rule answers. */
  when: (frame: LiveClientFrame) => boolean;
  /** BidiGenerateContent server messages sent in order, as JSON text frames. */
  reply: Record<string, unknown>[];
  /** Closes the socket after the reply with this WebSocket close code (a dropped connection when not 1000). */
  closeWith?: number;
}

/**
 * A local BidiGenerateContent server on 127.0.0.1 for tests, speaking the
 * Gemini API live protocol as `@google/genai`'s live client expects it:
 * the client connects to `/ws/google.ai.generativelanguage.{version}.GenerativeService.BidiGenerateContent?key=…`,
 * sends a `setup` frame and waits for `setupComplete`; every later frame is
 * recorded and answered by the first rule whose `when` matches it (each
 * rule answers once). Tests wait for frames (`nextFrame`), never for time.
 */
export class LocalLiveServer {
  /** The client frames received, in order (the setup frame first). */
  readonly frames: LiveClientFrame[] = [];
  /** The request paths (with query) of the connections made. */
  readonly paths: string[] = [];
  private readonly server: WebSocketServer;
  private readonly rules: LiveServerRule[];
  private readonly waiters: {
    match: (frame: LiveClientFrame) => boolean;
    resolve: (frame: LiveClientFrame) => void;
  }[] = [];
  private readonly sockets = new Set<WebSocket>();

  private readonly refuseSetup: number | undefined;

  private constructor(server: WebSocketServer, rules: LiveServerRule[], refuseSetup?: number) {
    this.server = server;
    this.rules = [...rules];
    this.refuseSetup = refuseSetup;
    server.on('connection', (socket, request) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      this.paths.push(request.url ?? '');
      socket.on('message', (data: Buffer) => this.receive(socket, data));
    });
  }

  /**
   * Starts a server on a random port with these rules. With `refuseSetup`,
   * it answers the setup frame by closing the socket with that code.
   */
  static async start(
    rules: LiveServerRule[] = [],
    { refuseSetup }: { refuseSetup?: number } = {},
  ): Promise<LocalLiveServer> {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(server, 'listening');
    return new LocalLiveServer(server, rules, refuseSetup);
  }

  /** The base URL to pass as the Gemini client's `baseUrl`. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Resolves with the first frame (received already or later) that matches and was not taken by an earlier call. */
  nextFrame(match: (frame: LiveClientFrame) => boolean): Promise<LiveClientFrame> {
    const found = this.frames.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  /** Sends server messages to every open connection now. */
  push(...messages: Record<string, unknown>[]): void {
    for (const socket of this.sockets) {
      for (const message of messages) socket.send(JSON.stringify(message));
    }
  }

  /** Ends every open connection at once, without a close frame, as a dropped network does. */
  drop(): void {
    for (const socket of this.sockets) socket.terminate();
  }

  /** Closes the server and its connections. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private receive(socket: WebSocket, data: Buffer): void {
    const frame = JSON.parse(data.toString('utf8')) as LiveClientFrame;
    this.frames.push(frame);
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i];
      if (waiter?.match(frame)) {
        this.waiters.splice(i, 1);
        waiter.resolve(frame);
      }
    }
    if ('setup' in frame) {
      if (this.refuseSetup !== undefined) {
        socket.close(this.refuseSetup, 'setup refused');
        return;
      }
      socket.send(JSON.stringify({ setupComplete: {} }));
      return;
    }
    const index = this.rules.findIndex((rule) => rule.when(frame));
    const rule = this.rules[index];
    if (!rule) return;
    this.rules.splice(index, 1);
    for (const message of rule.reply) socket.send(JSON.stringify(message));
    if (rule.closeWith !== undefined) socket.close(rule.closeWith);
  }
}
