import type { StreamResponse, Task, TaskPushNotificationConfig } from '@a2a-js/sdk';
import type {
  PushNotificationSender,
  PushNotificationSerializer,
  PushNotificationStore,
  ServerCallContext,
  StoredPushNotificationConfig,
} from '@a2a-js/sdk/server';
import { logger } from '../../utils/logger.js';
import { describeError } from '../describe-error.js';
import type { WebhookUrlPolicy } from './webhook-url-policy.js';

/** The header a webhook's `token` travels in (A2A's, and the SDK sender's default). */
export const PUSH_NOTIFICATION_TOKEN_HEADER = 'X-A2A-Notification-Token';
const CURRENT_WIRE_VERSION = '1.0';
const LEGACY_WIRE_VERSION = '0.3';

/** Options of `GuardedPushNotificationSender`. */
export interface GuardedPushNotificationSenderOptions {
  /** Where the webhooks of a task are read from, when its update is sent. */
  store: PushNotificationStore;
  /**
   * The body of a notification per wire version a webhook was registered
   * over (`1.0`, `0.3`); `1.0`'s is used for any other version.
   */
  serializers: { readonly '1.0': PushNotificationSerializer } & Readonly<
    Record<string, PushNotificationSerializer>
  >;
  /** Asked before every POST; a refused URL is skipped (logged). */
  allowUrl: WebhookUrlPolicy;
  /** Time one POST may take, in milliseconds. */
  timeoutMs: number;
}

function taskIdOf(response: StreamResponse): string {
  const payload = response.payload;
  if (!payload) return '';
  return payload.$case === 'task' ? payload.value.id : payload.value.taskId;
}

function authHeaders(config: TaskPushNotificationConfig): Record<string, string> {
  const { authentication, token } = config;
  if (authentication?.scheme && authentication.credentials) {
    return { Authorization: `${authentication.scheme} ${authentication.credentials}` };
  }
  return token ? { [PUSH_NOTIFICATION_TOKEN_HEADER]: token } : {};
}

// The URL as logged: a webhook's query may hold a secret.
function shown(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/**
 * The A2A SDK's `PushNotificationSender`, guarded for webhooks a caller
 * chose: each task update is POSTed to every webhook registered for its
 * task, in order per task, with the body the SDK's serializer writes for the
 * webhook's wire version and the webhook's credentials (`authentication` as
 * `Authorization: <scheme> <credentials>`, else `token` in
 * `X-A2A-Notification-Token`). Before each POST the URL is checked again
 * with `allowUrl`; redirects are never followed (a 3xx is a failed
 * delivery); a POST taking longer than `timeoutMs` is aborted. Failures are
 * logged, never thrown: a webhook that is down does not fail the task.
 * `send` resolves once the update has been offered to every webhook.
 */
export class GuardedPushNotificationSender implements PushNotificationSender {
  private readonly chains = new Map<string, Promise<void>>();

  constructor(private readonly options: GuardedPushNotificationSenderOptions) {}

  send(response: StreamResponse, context: ServerCallContext, task?: Task): Promise<void> {
    const taskId = taskIdOf(response);
    if (!taskId) return Promise.resolve();
    // The SDK may hand over its live task, which later events change before this update's turn.
    const snapshot = task && structuredClone(task);
    const previous = this.chains.get(taskId) ?? Promise.resolve();
    const next = previous.then(() => this.deliver(taskId, response, context, snapshot));
    this.chains.set(taskId, next);
    return next.finally(() => {
      if (this.chains.get(taskId) === next) this.chains.delete(taskId);
    });
  }

  private async deliver(
    taskId: string,
    response: StreamResponse,
    context: ServerCallContext,
    task: Task | undefined,
  ): Promise<void> {
    let webhooks: StoredPushNotificationConfig[];
    try {
      webhooks = await this.webhooks(taskId, context);
    } catch (error) {
      logger.error(`Push notifications of task ${taskId}: ${describeError(error)}`);
      return;
    }
    await Promise.all(webhooks.map((webhook) => this.post(taskId, response, task, webhook)));
  }

  private async webhooks(
    taskId: string,
    context: ServerCallContext,
  ): Promise<StoredPushNotificationConfig[]> {
    const { store } = this.options;
    if (store.loadWithMetadata) return store.loadWithMetadata(taskId, context);
    const wireVersion = context.requestedVersion || LEGACY_WIRE_VERSION;
    return (await store.load(taskId, context)).map((config) => ({ config, wireVersion }));
  }

  private async post(
    taskId: string,
    response: StreamResponse,
    task: Task | undefined,
    { config, wireVersion }: StoredPushNotificationConfig,
  ): Promise<void> {
    let url: URL;
    try {
      url = new URL(config.url);
    } catch {
      logger.warn(`Push notification of task ${taskId} not sent: the webhook URL is not a URL.`);
      return;
    }
    try {
      if (!(await this.options.allowUrl(url))) {
        logger.warn(
          `Push notification of task ${taskId} not sent: ${shown(url)} is not an allowed webhook.`,
        );
        return;
      }
      const { serializers } = this.options;
      const serializer = serializers[wireVersion] ?? serializers[CURRENT_WIRE_VERSION];
      const { body, contentType } = serializer.serialize(response, task);
      const answer = await fetch(url.href, {
        method: 'POST',
        headers: { 'Content-Type': contentType, ...authHeaders(config) },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      await answer.body?.cancel();
      if (!answer.ok) {
        const redirected = answer.status >= 300 && answer.status < 400;
        logger.warn(
          `Push notification of task ${taskId} to ${shown(url)} failed: HTTP ${answer.status}` +
            (redirected ? ' (redirects are not followed).' : '.'),
        );
      }
    } catch (error) {
      logger.warn(
        `Push notification of task ${taskId} to ${shown(url)} failed: ${describeError(error)}`,
      );
    }
  }
}
