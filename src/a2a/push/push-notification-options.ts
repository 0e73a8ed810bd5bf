import type { PushNotificationSender, PushNotificationStore } from '@a2a-js/sdk/server';
import type { WebhookUrlPolicy } from './webhook-url-policy.js';

/** Default time one webhook POST may take, as the A2A SDK's own sender. */
export const DEFAULT_PUSH_NOTIFICATION_TIMEOUT_MS = 5000;

/**
 * Push notifications of an A2A endpoint (`createA2aEndpoint`, `toA2a`):
 * the served card declares `capabilities.pushNotifications`, the push
 * config methods (`tasks/pushNotificationConfig/*` in 0.3,
 * `*TaskPushNotificationConfig*` in 1.0) are answered, and task updates are
 * POSTed to the registered webhooks.
 */
export interface A2aPushNotificationOptions {
  /** Where push configs are kept; default the SDK's `InMemoryPushNotificationStore`. */
  store?: PushNotificationStore;
  /**
   * Which webhook URLs may be registered and called; asked at registration
   * (a refused URL is a JSON-RPC invalid-params error and is not stored) and
   * before every delivery. Default `isPublicHttpsUrl`: https, public
   * addresses only.
   */
  allowUrl?: WebhookUrlPolicy;
  /** Time one webhook POST may take; default 5000 ms. */
  timeoutMs?: number;
  /**
   * Delivers the notifications instead of the built-in sender (which posts
   * the SDK's 1.0 or 0.3 body, as the webhook was registered, never follows
   * redirects and asks `allowUrl` first). A replacement does its own checks.
   */
  sender?: PushNotificationSender;
}
