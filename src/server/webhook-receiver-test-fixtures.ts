import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST a webhook receiver got. */
export interface ReceivedNotification {
  path: string;
  headers: IncomingHttpHeaders;
  /** The body parsed as JSON. */
  body: Record<string, unknown>;
}

/** A real HTTP webhook on 127.0.0.1 recording what it is sent. */
export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly received: readonly ReceivedNotification[];
  /** The first notification `matches` accepts, as soon as one has arrived. */
  waitFor(matches: (notification: ReceivedNotification) => boolean): Promise<ReceivedNotification>;
  close(): Promise<void>;
}

/**
 * Starts a webhook receiver on 127.0.0.1, port 0. `respond` answers each
 * POST once it is recorded (default 200); one that writes nothing leaves
 * the request unanswered.
 */
export async function startWebhookReceiver(
  respond: (notification: ReceivedNotification, response: ServerResponse) => void = (_, response) =>
    response.writeHead(200).end(),
): Promise<WebhookReceiver> {
  const received: ReceivedNotification[] = [];
  const waiters: {
    matches: (n: ReceivedNotification) => boolean;
    resolve: (n: ReceivedNotification) => void;
  }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const notification: ReceivedNotification = {
        path: request.url ?? '',
        headers: request.headers,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      };
      received.push(notification);
      for (const waiter of [...waiters]) {
        if (waiter.matches(notification)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(notification);
        }
      }
      respond(notification, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    waitFor: (matches) => {
      const already = received.find(matches);
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => waiters.push({ matches, resolve }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
