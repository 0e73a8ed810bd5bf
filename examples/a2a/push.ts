/**
 * A2A push notifications (docs/a2a.md): the prime checker served with
 * `toA2a` and push notifications on, a webhook receiver, and the A2A SDK's
 * client sending a message that returns at once and names the webhook; the
 * task's updates then arrive at the webhook, through the final state.
 *
 * Both run on loopback here, so the allow-list names the receiver's origin
 * (the default policy only calls https URLs of public addresses).
 *
 * Run: npx tsx examples/a2a/push.ts
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import type { Task } from '@a2a-js/sdk';
import { ClientFactory } from '@a2a-js/sdk/client';
import { toA2a } from '@adk-ts/adk/a2a';
import { primeAgent } from './prime-agent.js';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

// The webhook: records what it is sent, and says when the task is over.
const seen: string[] = [];
const tokens = new Set<string>();
let finished: () => void = () => undefined;
const done = new Promise<void>((resolve) => (finished = resolve));
const receiver = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    tokens.add(String(request.headers['x-a2a-notification-token']));
    const update = JSON.parse(body) as {
      task?: unknown;
      statusUpdate?: { status?: { state?: string } };
      artifactUpdate?: { artifact?: { parts?: { text?: string }[] } };
    };
    if (update.task) seen.push('task');
    if (update.artifactUpdate) {
      seen.push(`artifact "${update.artifactUpdate.artifact?.parts?.[0]?.text ?? ''}"`);
    }
    const state = update.statusUpdate?.status?.state;
    if (state) seen.push(`status ${state}`);
    response.writeHead(200).end();
    if (state === 'TASK_STATE_COMPLETED') finished();
  });
});
const webhookOrigin = await listen(receiver);

const late: { fetch?: (request: Request) => Response | Promise<Response> } = {};
const server = createAdaptorServer({ fetch: (request: Request) => late.fetch!(request) }) as Server;
const url = await listen(server);
const { app } = toA2a(primeAgent(), {
  host: '127.0.0.1',
  port: Number(new URL(url).port),
  bindHost: '127.0.0.1',
  pushNotifications: { allowUrl: (webhook) => webhook.origin === webhookOrigin },
});
late.fetch = app.fetch;

const client = await new ClientFactory().createFromUrl(url);
const card = (await (await fetch(`${url}/.well-known/agent-card.json`)).json()) as {
  capabilities: { pushNotifications?: boolean };
};
console.log(`card: pushNotifications ${String(card.capabilities.pushNotifications)}`);
const task = (await client.sendMessage({
  tenant: '',
  message: {
    messageId: randomUUID(),
    contextId: '',
    taskId: '',
    role: 1, // ROLE_USER
    parts: [
      {
        content: { $case: 'text', value: 'Is 13 prime?' },
        metadata: undefined,
        filename: '',
        mediaType: '',
      },
    ],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  },
  configuration: {
    acceptedOutputModes: [],
    historyLength: undefined,
    returnImmediately: true,
    taskPushNotificationConfig: {
      tenant: '',
      id: '',
      taskId: '',
      url: `${webhookOrigin}/a2a-updates`,
      token: 'my-webhook-token',
      authentication: undefined,
    },
  },
  metadata: undefined,
})) as Task;
console.log(`send returned at once: state ${task.status?.state}`);

await done;
console.log(`webhook: ${seen.join(' -> ')}`);
console.log(`webhook token: ${[...tokens].join(', ')}`);
await new Promise<void>((resolve) => server.close(() => resolve()));
await new Promise<void>((resolve) => receiver.close(() => resolve()));
console.log('servers closed');
