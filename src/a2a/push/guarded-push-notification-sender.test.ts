import type { StreamResponse, Task, TaskPushNotificationConfig, TaskState } from '@a2a-js/sdk';
import {
  InMemoryPushNotificationStore,
  UnauthenticatedUser,
  V1PushNotificationSerializer,
  defaultServerCallContextBuilder,
} from '@a2a-js/sdk/server';
import { V03PushNotificationSerializer } from '@a2a-js/sdk/compat/v0_3/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../server/webhook-receiver-test-fixtures.js';
import { setLogger } from '../../utils/logger.js';
import { A2aTaskState } from '../converters/a2a-enums.js';
import {
  GuardedPushNotificationSender,
  PUSH_NOTIFICATION_TOKEN_HEADER,
} from './guarded-push-notification-sender.js';
import type { WebhookUrlPolicy } from './webhook-url-policy.js';

const TASK_ID = 'task-1';
const CONTEXT_ID = 'context-1';

function context(requestedVersion?: string) {
  return defaultServerCallContextBuilder({
    extensions: undefined,
    user: new UnauthenticatedUser(),
    headers: {},
    requestedVersion,
  });
}

function task(state: TaskState): Task {
  return {
    id: TASK_ID,
    contextId: CONTEXT_ID,
    status: { state, message: undefined, timestamp: '2025-01-01T00:00:00.000Z' },
    artifacts: [],
    history: [],
    metadata: undefined,
  };
}

function statusUpdate(state: TaskState): StreamResponse {
  return {
    payload: {
      $case: 'statusUpdate',
      value: {
        taskId: TASK_ID,
        contextId: CONTEXT_ID,
        status: task(state).status,
        metadata: undefined,
      },
    },
  };
}

function webhook(url: string, fields: Partial<TaskPushNotificationConfig> = {}) {
  return {
    tenant: '',
    id: '',
    taskId: TASK_ID,
    url,
    token: '',
    authentication: undefined,
    ...fields,
  };
}

describe('GuardedPushNotificationSender over real HTTP', () => {
  let receivers: WebhookReceiver[] = [];
  let warnings: string[] = [];
  let store: InMemoryPushNotificationStore;

  beforeEach(() => {
    store = new InMemoryPushNotificationStore();
    warnings = [];
    setLogger({
      debug: () => undefined,
      info: () => undefined,
      warn: (message) => warnings.push(message),
      error: (message) => warnings.push(message),
    });
  });
  afterEach(async () => {
    setLogger();
    await Promise.all(receivers.map((receiver) => receiver.close()));
    receivers = [];
  });

  async function receiver(...args: Parameters<typeof startWebhookReceiver>) {
    const started = await startWebhookReceiver(...args);
    receivers.push(started);
    return started;
  }

  function sender(allowUrl: WebhookUrlPolicy = () => true, timeoutMs = 5000) {
    return new GuardedPushNotificationSender({
      store,
      allowUrl,
      timeoutMs,
      serializers: {
        '1.0': new V1PushNotificationSerializer(),
        '0.3': new V03PushNotificationSerializer(),
      },
    });
  }

  it('posts the updates of a task in order, in the 1.0 body, with the token header', async () => {
    const hook = await receiver();
    await store.save(TASK_ID, context('1.0'), webhook(`${hook.origin}/hook`, { token: 'tok-1' }));
    const push = sender();
    await Promise.all([
      push.send(statusUpdate(A2aTaskState.working), context('1.0')),
      push.send(statusUpdate(A2aTaskState.completed), context('1.0')),
    ]);
    expect(hook.received.map((n) => n.body)).toEqual([
      {
        statusUpdate: expect.objectContaining({
          taskId: TASK_ID,
          status: expect.objectContaining({ state: 'TASK_STATE_WORKING' }),
        }),
      },
      {
        statusUpdate: expect.objectContaining({
          taskId: TASK_ID,
          status: expect.objectContaining({ state: 'TASK_STATE_COMPLETED' }),
        }),
      },
    ]);
    for (const { headers, path } of hook.received) {
      expect(path).toBe('/hook');
      expect(headers['content-type']).toBe('application/a2a+json');
      expect(headers[PUSH_NOTIFICATION_TOKEN_HEADER.toLowerCase()]).toBe('tok-1');
      expect(headers.authorization).toBeUndefined();
    }
  });

  it('sends the webhook authentication as an Authorization header instead of the token', async () => {
    const hook = await receiver();
    await store.save(
      TASK_ID,
      context('1.0'),
      webhook(`${hook.origin}/hook`, {
        token: 'tok-2',
        authentication: { scheme: 'Bearer', credentials: 'cred-2' },
      }),
    );
    await sender().send(statusUpdate(A2aTaskState.working), context('1.0'));
    expect(hook.received).toHaveLength(1);
    expect(hook.received[0]?.headers.authorization).toBe('Bearer cred-2');
    expect(hook.received[0]?.headers[PUSH_NOTIFICATION_TOKEN_HEADER.toLowerCase()]).toBeUndefined();
  });

  it('posts the 0.3 body (the task, as adk-python webhooks read it) to a webhook registered over 0.3', async () => {
    const hook = await receiver();
    await store.save(TASK_ID, context(), webhook(`${hook.origin}/hook`, { token: 'tok-3' }));
    await sender().send(
      statusUpdate(A2aTaskState.completed),
      context(),
      task(A2aTaskState.completed),
    );
    expect(hook.received[0]?.body).toMatchObject({
      kind: 'task',
      id: TASK_ID,
      contextId: CONTEXT_ID,
      status: { state: 'completed' },
    });
    expect(hook.received[0]?.headers['content-type']).toContain('application/json');
    expect(hook.received[0]?.headers[PUSH_NOTIFICATION_TOKEN_HEADER.toLowerCase()]).toBe('tok-3');
  });

  it('never follows a redirect: the target is not called and the delivery counts as failed', async () => {
    const target = await receiver();
    const redirecting = await receiver((_, response) =>
      response.writeHead(307, { location: `${target.origin}/elsewhere` }).end(),
    );
    await store.save(TASK_ID, context('1.0'), webhook(`${redirecting.origin}/hook`));
    await sender().send(statusUpdate(A2aTaskState.working), context('1.0'));
    expect(redirecting.received).toHaveLength(1);
    expect(target.received).toHaveLength(0);
    expect(warnings.join('\n')).toContain('HTTP 307 (redirects are not followed)');
  });

  it('asks the policy again before each POST and sends nothing to a URL it now refuses', async () => {
    const hook = await receiver();
    await store.save(TASK_ID, context('1.0'), webhook(`${hook.origin}/hook?secret=s3cr3t`));
    const asked: string[] = [];
    await sender((url) => {
      asked.push(url.href);
      return false;
    }).send(statusUpdate(A2aTaskState.working), context('1.0'));
    expect(asked).toEqual([`${hook.origin}/hook?secret=s3cr3t`]);
    expect(hook.received).toHaveLength(0);
    expect(warnings.join('\n')).toContain(`${hook.origin}/hook is not an allowed webhook`);
    expect(warnings.join('\n')).not.toContain('s3cr3t');
  });

  it('gives up on a webhook that does not answer within timeoutMs, still serving the others', async () => {
    const silent = await receiver(() => undefined);
    const answering = await receiver();
    await store.save(TASK_ID, context('1.0'), webhook(`${silent.origin}/hook`, { id: 'silent' }));
    await store.save(TASK_ID, context('1.0'), webhook(`${answering.origin}/hook`, { id: 'ok' }));
    await sender(() => true, 100).send(statusUpdate(A2aTaskState.working), context('1.0'));
    expect(silent.received).toHaveLength(1);
    expect(answering.received).toHaveLength(1);
    expect(warnings.join('\n')).toMatch(
      new RegExp(`${silent.origin}/hook failed: .*(timeout|abort)`, 'i'),
    );
  });
});
