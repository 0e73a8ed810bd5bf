import type { TaskPushNotificationConfig } from '@a2a-js/sdk';
import type {
  PushNotificationStore,
  ServerCallContext,
  StoredPushNotificationConfig,
} from '@a2a-js/sdk/server';
import type { WebhookUrlPolicy } from './webhook-url-policy.js';

/** Options of `UrlCheckingPushNotificationStore`. */
export interface UrlCheckingPushNotificationStoreOptions {
  /** The store configs are kept in once their URL is allowed. */
  store: PushNotificationStore;
  allowUrl: WebhookUrlPolicy;
  /** The error thrown for a refused URL (a protocol error the transport maps). */
  refused: (url: string) => unknown;
}

/**
 * A push config store that refuses to save a config whose webhook URL is
 * not a URL or is not allowed by `allowUrl`, throwing `refused(url)`; every
 * way a caller registers a webhook (the set/create method, or the config
 * in a send request) goes through `save`, so a refused URL is never stored
 * and never called. Loading and deleting pass through.
 */
export class UrlCheckingPushNotificationStore implements PushNotificationStore {
  readonly loadWithMetadata?: (
    taskId: string,
    context: ServerCallContext,
  ) => Promise<StoredPushNotificationConfig[]>;

  constructor(private readonly options: UrlCheckingPushNotificationStoreOptions) {
    const { store } = options;
    if (store.loadWithMetadata) {
      this.loadWithMetadata = (taskId, context) => store.loadWithMetadata!(taskId, context);
    }
  }

  async save(
    taskId: string,
    context: ServerCallContext,
    config: TaskPushNotificationConfig,
  ): Promise<void> {
    let url: URL | undefined;
    try {
      url = new URL(config.url);
    } catch {
      url = undefined;
    }
    if (!url || !(await this.options.allowUrl(url))) throw this.options.refused(config.url);
    await this.options.store.save(taskId, context, config);
  }

  load(taskId: string, context: ServerCallContext): Promise<TaskPushNotificationConfig[]> {
    return this.options.store.load(taskId, context);
  }

  delete(taskId: string, context: ServerCallContext, configId?: string): Promise<void> {
    return this.options.store.delete(taskId, context, configId);
  }
}
