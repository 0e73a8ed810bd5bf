import { createAdaptorServer } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { SendMessageRequest, Task, TaskPushNotificationConfig } from '@a2a-js/sdk';
import { ClientFactory, type Client } from '@a2a-js/sdk/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import { ScriptedLlm, functionCallResponse, textResponse } from '../testing/scripted-llm.js';
import { a2aUserMessage, checkPrimeTool } from './a2a-test-fixtures.js';
import { toA2a, type ToA2aOptions } from './to-a2a.js';
import {
  startWebhookReceiver,
  type ReceivedNotification,
  type WebhookReceiver,
} from './webhook-receiver-test-fixtures.js';

// Latches the agent waits on ("wait:<key>"), open whether the test or the agent comes first.
const gates = new Map<string, { opened: Promise<void>; open: () => void }>();
function gate(key: string) {
  let entry = gates.get(key);
  if (!entry) {
    let open = () => undefined as void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    entry = { opened, open };
    gates.set(key, entry);
  }
  return entry;
}

function primeAgent(): LlmAgent {
  return new LlmAgent({
    name: 'prime_agent',
    description: 'Checks prime numbers.',
    model: new ScriptedLlm({
      responses: async (request) => {
        const last = request.contents.at(-1)?.parts ?? [];
        const answered = last.find((part) => part.functionResponse)?.functionResponse;
        if (answered) return textResponse(`prime: ${String(answered.response?.['prime'])}`);
        const waitFor = last.find((part) => part.text?.startsWith('wait:'))?.text?.slice(5);
        if (waitFor) {
          await gate(waitFor).opened;
          return textResponse('waited');
        }
        return functionCallResponse('check_prime', { n: 7 });
      },
    }),
    tools: [checkPrimeTool()],
  });
}

async function serve(options: ToA2aOptions): Promise<{ server: Server; url: string }> {
  const late: { app?: ReturnType<typeof toA2a>['app'] } = {};
  const server = createAdaptorServer({ fetch: (req: Request) => late.app!.fetch(req) }) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  late.app = toA2a(primeAgent(), {
    host: '127.0.0.1',
    port,
    bindHost: '127.0.0.1',
    ...options,
  }).app;
  return { server, url: `http://127.0.0.1:${port}` };
}

function webhook(url: string, token: string, taskId = ''): TaskPushNotificationConfig {
  return { tenant: '', id: '', taskId, url, token, authentication: undefined };
}

function send(text: string, push?: TaskPushNotificationConfig): SendMessageRequest {
  return {
    tenant: '',
    message: a2aUserMessage(text),
    configuration: {
      acceptedOutputModes: [],
      taskPushNotificationConfig: push,
      historyLength: undefined,
      returnImmediately: true,
    },
    metadata: undefined,
  };
}

async function rpc(url: string, method: string, params: unknown, version?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(version ? { 'A2A-Version': version } : {}) },
    body: JSON.stringify({ jsonrpc: '2.0', id: randomUUID(), method, params }),
  });
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
}

function message03(text: string) {
  return {
    kind: 'message',
    messageId: randomUUID(),
    role: 'user',
    parts: [{ kind: 'text', text }],
  };
}

// A 1.0 body (StreamResponse JSON) announcing `state` for `taskId`.
const v1State =
  (taskId: string, state: string) =>
  ({ body }: ReceivedNotification): boolean => {
    const update = body['statusUpdate'] as { taskId?: string; status?: { state?: string } };
    return update?.taskId === taskId && update.status?.state === state;
  };

describe('A2A push notifications served by toA2a, over real HTTP', () => {
  let hook: WebhookReceiver;
  let outsider: WebhookReceiver;
  let pushing: { server: Server; url: string };
  let plain: { server: Server; url: string };
  let client: Client;
  let plainClient: Client;

  beforeAll(async () => {
    hook = await startWebhookReceiver();
    outsider = await startWebhookReceiver();
    // Both receivers are on 127.0.0.1; only `hook`'s origin is on the allow-list.
    pushing = await serve({ pushNotifications: { allowUrl: (url) => url.origin === hook.origin } });
    plain = await serve({});
    client = await new ClientFactory().createFromUrl(pushing.url);
    plainClient = await new ClientFactory().createFromUrl(plain.url);
  });
  afterAll(async () => {
    for (const { server } of [pushing, plain]) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    await Promise.all([hook.close(), outsider.close()]);
  });

  it('declares push notifications in the card (1.0 and 0.3) only when they are on', async () => {
    const card = async (url: string, version?: string) =>
      (await (
        await fetch(`${url}/.well-known/agent-card.json`, {
          headers: version ? { 'A2A-Version': version } : {},
        })
      ).json()) as { capabilities: { pushNotifications?: boolean; streaming?: boolean } };
    expect((await card(pushing.url, '1.0')).capabilities).toMatchObject({
      pushNotifications: true,
      streaming: true,
    });
    expect((await card(pushing.url)).capabilities.pushNotifications).toBe(true);
    expect((await card(plain.url, '1.0')).capabilities.pushNotifications).toBe(false);
    expect((await card(plain.url)).capabilities.pushNotifications).toBe(false);
  });

  it('posts every update of a task, through the final state, to the webhook given in the send request (SDK client, 1.0)', async () => {
    const task = (await client.sendMessage(
      send('is 7 prime?', webhook(`${hook.origin}/hook/a`, 'token-a')),
    )) as Task;
    const final = await hook.waitFor(v1State(task.id, 'TASK_STATE_COMPLETED'));
    expect(final.path).toBe('/hook/a');
    const ofTask = hook.received.filter((n) => n.path === '/hook/a');
    for (const { headers } of ofTask) {
      expect(headers['x-a2a-notification-token']).toBe('token-a');
      expect(headers['content-type']).toBe('application/a2a+json');
    }
    expect(ofTask.at(-1)).toBe(final);
    expect(JSON.stringify(ofTask.map((n) => n.body['artifactUpdate']))).toContain('prime: true');
  });

  it('sets, gets and lists a webhook for a running task, posts its updates to the end, then deletes it (SDK client, 1.0)', async () => {
    const task = (await client.sendMessage(send('wait:b'))) as Task;
    const created = await client.createTaskPushNotificationConfig(
      webhook(`${hook.origin}/hook/b`, 'token-b', task.id),
    );
    expect(created).toMatchObject({
      taskId: task.id,
      url: `${hook.origin}/hook/b`,
      token: 'token-b',
    });
    expect(created.id).not.toBe('');
    expect(
      await client.getTaskPushNotificationConfig({ tenant: '', taskId: task.id, id: created.id }),
    ).toEqual(created);
    const listed = await client.listTaskPushNotificationConfig({
      tenant: '',
      taskId: task.id,
      pageSize: 0,
      pageToken: '',
    });
    expect(listed.configs).toEqual([created]);

    gate('b').open();
    const final = await hook.waitFor(v1State(task.id, 'TASK_STATE_COMPLETED'));
    expect(final.path).toBe('/hook/b');
    expect(final.headers['x-a2a-notification-token']).toBe('token-b');

    await client.deleteTaskPushNotificationConfig({ tenant: '', taskId: task.id, id: created.id });
    const after = await client.listTaskPushNotificationConfig({
      tenant: '',
      taskId: task.id,
      pageSize: 0,
      pageToken: '',
    });
    expect(after.configs).toEqual([]);
  });

  it('speaks 0.3 (what adk-python sends): the config in message/send, the tasks/pushNotificationConfig/* methods, the task as the body', async () => {
    const sent = await rpc(pushing.url, 'message/send', {
      message: message03('is 7 prime?'),
      configuration: {
        blocking: false,
        pushNotificationConfig: { url: `${hook.origin}/hook/c`, token: 'token-c' },
      },
    });
    const taskId = (sent.result as { kind: string; id: string }).id;
    expect((sent.result as { kind: string }).kind).toBe('task');
    const final = await hook.waitFor(
      ({ path, body }) =>
        path === '/hook/c' &&
        body['id'] === taskId &&
        (body['status'] as { state?: string })?.state === 'completed',
    );
    expect(final.body).toMatchObject({ kind: 'task', id: taskId });
    expect(final.headers['x-a2a-notification-token']).toBe('token-c');

    const listed = await rpc(pushing.url, 'tasks/pushNotificationConfig/list', { id: taskId });
    const [config] = listed.result as { taskId: string; pushNotificationConfig: { id: string } }[];
    expect(config).toMatchObject({
      taskId,
      pushNotificationConfig: { url: `${hook.origin}/hook/c`, token: 'token-c' },
    });
    const configId = config!.pushNotificationConfig.id;
    const got = await rpc(pushing.url, 'tasks/pushNotificationConfig/get', {
      id: taskId,
      pushNotificationConfigId: configId,
    });
    expect(got.result).toEqual(config);
    const set = await rpc(pushing.url, 'tasks/pushNotificationConfig/set', {
      taskId,
      pushNotificationConfig: { id: 'second', url: `${hook.origin}/hook/c2` },
    });
    expect(set.result).toMatchObject({ taskId, pushNotificationConfig: { id: 'second' } });
    for (const id of [configId, 'second']) {
      const deleted = await rpc(pushing.url, 'tasks/pushNotificationConfig/delete', {
        id: taskId,
        pushNotificationConfigId: id,
      });
      expect(deleted).toMatchObject({ result: null });
    }
    expect(
      (await rpc(pushing.url, 'tasks/pushNotificationConfig/list', { id: taskId })).result,
    ).toEqual([]);
  });

  it('refuses a webhook the policy does not allow, by every method, with invalid params, and never calls it', async () => {
    const refused = `${outsider.origin}/hook`;
    // In the send request: the send fails before the agent runs.
    await expect(
      client.sendMessage(send('is 7 prime?', webhook(refused, 't'))),
    ).rejects.toMatchObject({
      name: 'RequestMalformedError',
      envelopeCode: -32602,
      message: expect.stringContaining(`Push notification URL not allowed: ${refused}`),
    });
    const sent03 = await rpc(pushing.url, 'message/send', {
      message: message03('is 7 prime?'),
      configuration: { blocking: false, pushNotificationConfig: { url: refused } },
    });
    expect(sent03.error).toMatchObject({ code: -32602 });

    // Set on a running task that also has an allowed webhook.
    const task = (await client.sendMessage(
      send('wait:d', webhook(`${hook.origin}/hook/d`, 'd')),
    )) as Task;
    await expect(
      client.createTaskPushNotificationConfig(webhook(refused, 't', task.id)),
    ).rejects.toMatchObject({ name: 'RequestMalformedError', envelopeCode: -32602 });
    const set03 = await rpc(pushing.url, 'tasks/pushNotificationConfig/set', {
      taskId: task.id,
      pushNotificationConfig: { url: refused },
    });
    expect(set03.error).toMatchObject({ code: -32602 });
    expect(set03.error?.message).toContain('not allowed');
    const listed = await client.listTaskPushNotificationConfig({
      tenant: '',
      taskId: task.id,
      pageSize: 0,
      pageToken: '',
    });
    expect(listed.configs.map((config) => config.url)).toEqual([`${hook.origin}/hook/d`]);

    gate('d').open();
    await hook.waitFor(v1State(task.id, 'TASK_STATE_COMPLETED'));
    // Updates go out one after another, to all of a task's webhooks at once:
    // by the final one, every earlier update had reached every webhook.
    expect(hook.received.filter((n) => n.path === '/hook/d').length).toBeGreaterThan(1);
    expect(outsider.received).toEqual([]);
  });

  it('answers PushNotificationNotSupported to every push config method when push notifications are off', async () => {
    const task = (await plainClient.sendMessage({
      ...send('is 7 prime?'),
      configuration: undefined,
    })) as Task;
    // The SDK's client checks the card itself, so the 1.0 methods are sent as they are.
    for (const [method, params] of [
      ['CreateTaskPushNotificationConfig', { taskId: task.id, url: `${hook.origin}/hook/e` }],
      ['GetTaskPushNotificationConfig', { taskId: task.id, id: 'x' }],
      ['ListTaskPushNotificationConfigs', { taskId: task.id }],
      ['DeleteTaskPushNotificationConfig', { taskId: task.id, id: 'x' }],
    ] as const) {
      expect((await rpc(plain.url, method, params, '1.0')).error, method).toMatchObject({
        code: -32003,
      });
    }
    await expect(
      plainClient.deleteTaskPushNotificationConfig({ tenant: '', taskId: task.id, id: 'x' }),
    ).rejects.toMatchObject({ name: 'PushNotificationNotSupportedError', envelopeCode: -32003 });
    for (const [method, params] of [
      [
        'tasks/pushNotificationConfig/set',
        { taskId: task.id, pushNotificationConfig: { url: `${hook.origin}/hook/e` } },
      ],
      ['tasks/pushNotificationConfig/get', { id: task.id }],
      ['tasks/pushNotificationConfig/list', { id: task.id }],
      ['tasks/pushNotificationConfig/delete', { id: task.id, pushNotificationConfigId: 'x' }],
    ] as const) {
      expect((await rpc(plain.url, method, params)).error, method).toMatchObject({
        code: -32003,
      });
    }
    expect(hook.received.filter((n) => n.path === '/hook/e')).toEqual([]);
  });
});
