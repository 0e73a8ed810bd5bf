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
  /** Ends the socket after the reply without a close frame, as a dropped network does (the client sees 1006). */
  drop?: boolean;
  /** Answers frames of this connection only (0 for the first one the server accepted). */
  connection?: number;
}

/** How the server answers a connection's setup: with this close code instead of `setupComplete`, or undefined to accept it. */
export type LiveSetupRefusal = number | ((connection: number) => number | undefined);

/**
 * A local BidiGenerateContent server on 127.0.0.1 for tests, speaking the
 * Gemini API live protocol as `@google/genai`'s live client expects it:
 * the client connects to `/ws/google.ai.generativelanguage.{version}.GenerativeService.BidiGenerateContent?key=…`,
 * sends a `setup` frame and waits for `setupComplete`; every later frame is
 * recorded and answered by the first rule whose `when` matches it (each
 * rule answers once; a rule may be tied to one connection, so a test can
 * script a session, its drop and its resumption). Tests wait for frames
 * (`nextFrame`), never for time.
 */
export class LocalLiveServer {
  /** The client frames received, in order (the setup frame first). */
  readonly frames: LiveClientFrame[] = [];
  /** The request paths (with query) of the connections made. */
  readonly paths: string[] = [];
  /** The connection (0 for the first) each frame of `frames` came on. */
  readonly frameConnections: number[] = [];
  private readonly server: WebSocketServer;
  private readonly rules: LiveServerRule[];
  private readonly waiters: {
    match: (frame: LiveClientFrame) => boolean;
    resolve: (frame: LiveClientFrame) => void;
  }[] = [];
  private readonly sockets = new Set<WebSocket>();

  private readonly refuseSetup: LiveSetupRefusal | undefined;

  private constructor(
    server: WebSocketServer,
    rules: LiveServerRule[],
    refuseSetup?: LiveSetupRefusal,
  ) {
    this.server = server;
    this.rules = [...rules];
    this.refuseSetup = refuseSetup;
    server.on('connection', (socket, request) => {
      const connection = this.paths.length;
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      this.paths.push(request.url ?? '');
      socket.on('message', (data: Buffer) => this.receive(socket, connection, data));
    });
  }

  /**
   * Starts a server on a random port with these rules. With `refuseSetup`,
   * it answers the setup frame by closing the socket with that code (for
   * every connection, or for those the function gives a code).
   */
  static async start(
    rules: LiveServerRule[] = [],
    { refuseSetup }: { refuseSetup?: LiveSetupRefusal } = {},
  ): Promise<LocalLiveServer> {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(server, 'listening');
    return new LocalLiveServer(server, rules, refuseSetup);
  }

  /** The base URL to pass as the Gemini client's `baseUrl`. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The setup frames received, one per connection that sent one, in order. */
  get setups(): LiveClientFrame[] {
    return this.frames.filter((frame) => 'setup' in frame);
  }

  /** The frames one connection sent (its setup first). */
  framesOf(connection: number): LiveClientFrame[] {
    return this.frames.filter((_, index) => this.frameConnections[index] === connection);
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

  private receive(socket: WebSocket, connection: number, data: Buffer): void {
    const frame = JSON.parse(data.toString('utf8')) as LiveClientFrame;
    this.frames.push(frame);
    this.frameConnections.push(connection);
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i];
      if (waiter?.match(frame)) {
        this.waiters.splice(i, 1);
        waiter.resolve(frame);
      }
    }
    if ('setup' in frame) {
      const refusal =
        typeof this.refuseSetup === 'function' ? this.refuseSetup(connection) : this.refuseSetup;
      if (refusal !== undefined) {
        socket.close(refusal, 'setup refused');
        return;
      }
      socket.send(JSON.stringify({ setupComplete: {} }));
      return;
    }
    const index = this.rules.findIndex(
      (rule) => (rule.connection ?? connection) === connection && rule.when(frame),
    );
    const rule = this.rules[index];
    if (!rule) return;
    this.rules.splice(index, 1);
    rule.reply.forEach((message, index) => {
      // Terminating at once could discard the reply still buffered: drop once it is written.
      const last = index === rule.reply.length - 1;
      socket.send(
        JSON.stringify(message),
        last && rule.drop ? () => socket.terminate() : undefined,
      );
    });
    if (rule.drop && rule.reply.length === 0) socket.terminate();
    else if (rule.closeWith !== undefined) socket.close(rule.closeWith);
  }
}
