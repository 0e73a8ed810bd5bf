/**
 * A2A serving in one process (docs/a2a.md): the prime checker served with
 * `toA2a` on a free loopback port, then called by the A2A SDK's own client:
 * the card (its skills and their examples), one message (the tool runs on the serving side), then a stream.
 *
 * Run: npx tsx examples/a2a/main.ts
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import type { Message, Task } from '@a2a-js/sdk';
import { ClientFactory } from '@a2a-js/sdk/client';
import { toA2a } from '@adk-ts/adk/a2a';
import { primeAgent } from './prime-agent.js';

function message(text: string, contextId = ''): Message {
  return {
    messageId: randomUUID(),
    contextId,
    taskId: '',
    role: 1, // ROLE_USER
    parts: [
      { content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: '' },
    ],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

function text(parts: Message['parts']): string {
  return parts.map((part) => (part.content?.$case === 'text' ? part.content.value : '')).join('');
}

// The card names the endpoint's URL, so the port is known before the app is built.
const late: { fetch?: (request: Request) => Response | Promise<Response> } = {};
const server = createAdaptorServer({ fetch: (request: Request) => late.fetch!(request) }) as Server;
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;
const { app } = toA2a(primeAgent(), { host: '127.0.0.1', port, bindHost: '127.0.0.1' });
late.fetch = app.fetch;
const url = `http://127.0.0.1:${port}/`;

const card = (await (await fetch(`${url}.well-known/agent-card.json`)).json()) as {
  name: string;
  skills: { id: string; examples?: string[] }[];
};
console.log(`card: ${card.name}, skills: ${card.skills.map((skill) => skill.id).join(', ')}`);
console.log(`examples: ${(card.skills[0]?.examples ?? []).join(' | ')}`);

const client = await new ClientFactory().createFromUrl(url);
const task = (await client.sendMessage({
  tenant: '',
  message: message('Are 7 and 10 prime?'),
  configuration: undefined,
  metadata: undefined,
})) as Task;
console.log(
  `send: state ${task.status?.state}, answer: ${text(task.artifacts.at(-1)?.parts ?? [])}`,
);

const kinds: string[] = [];
for await (const event of client.sendMessageStream({
  tenant: '',
  message: message('Is 13 prime?', task.contextId),
  configuration: undefined,
  metadata: undefined,
})) {
  const payload = event.payload;
  if (payload?.$case === 'artifactUpdate')
    kinds.push(`artifact "${text(payload.value.artifact?.parts ?? [])}"`);
  else if (payload?.$case === 'statusUpdate') kinds.push(`status ${payload.value.status?.state}`);
  else if (payload) kinds.push(payload.$case);
}
console.log(`stream: ${kinds.join(' -> ')}`);

await new Promise<void>((resolve) => server.close(() => resolve()));
console.log('server closed');
