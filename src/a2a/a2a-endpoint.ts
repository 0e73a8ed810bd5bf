import type { AgentCard } from '@a2a-js/sdk';
import type { AgentExecutor, TaskStore, User } from '@a2a-js/sdk/server';
import type { Runner } from '../runner/runner.js';
import { loadA2aServerSdk } from './a2a-sdk-loader.js';
import { A2aAgentExecutor } from './executor/a2a-agent-executor.js';
import { toLegacyAgentCard, type LegacyAgentCardJson } from './legacy-agent-card.js';
import { GuardedPushNotificationSender } from './push/guarded-push-notification-sender.js';
import {
  DEFAULT_PUSH_NOTIFICATION_TIMEOUT_MS,
  type A2aPushNotificationOptions,
} from './push/push-notification-options.js';
import { UrlCheckingPushNotificationStore } from './push/url-checking-push-notification-store.js';
import { isPublicHttpsUrl } from './push/webhook-url-policy.js';

/** The header a caller names its A2A protocol version with. */
export const A2A_VERSION_HEADER = 'A2A-Version';
const LEGACY_VERSION = '0.3';

/** Options of `createA2aEndpoint`. */
export interface A2aEndpointOptions {
  /** The runner requests run on, or a function giving it. */
  runner: Runner | (() => Runner | Promise<Runner>);
  /**
   * The card served, or a function building it (called once). Its
   * `capabilities.pushNotifications` is set to whether `pushNotifications`
   * is on, so the card never promises what the endpoint does not do.
   */
  agentCard: AgentCard | (() => Promise<AgentCard>);
  /**
   * The card served to 0.3 callers, as JSON; default `toLegacyAgentCard`
   * of `agentCard`. `--a2a` passes an app's own 0.3 `agent.json`. Its
   * `capabilities.pushNotifications` is set as `agentCard`'s is.
   */
  legacyAgentCard?: LegacyAgentCardJson;
  /** Where tasks are kept; default an SDK `InMemoryTaskStore`. */
  taskStore?: TaskStore;
  /** Default an `A2aAgentExecutor` over `runner`. */
  agentExecutor?: AgentExecutor;
  /**
   * Push notifications: off by default (as adk-python's served card, which
   * does not declare them), and then the push config methods answer the
   * protocol's PushNotificationNotSupported error. `true` turns them on with
   * the defaults of `A2aPushNotificationOptions` (webhooks must be https
   * URLs of public addresses).
   */
  pushNotifications?: boolean | A2aPushNotificationOptions;
}

/** One JSON-RPC call's answer: a JSON body, or the SSE events of a stream. */
export type A2aRpcResult =
  { kind: 'json'; body: unknown } | { kind: 'stream'; events: AsyncIterable<unknown> };

/** An A2A JSON-RPC endpoint, independent of any HTTP framework. */
export interface A2aEndpoint {
  /** The agent card (A2A 1.0). */
  agentCard(): Promise<AgentCard>;
  /**
   * The card as JSON for a caller naming `version` in its `A2A-Version`
   * header: the 1.0 card for `1.0`, the 0.3 form (`legacyAgentCard`, by
   * default `toLegacyAgentCard`) without a header or for `0.3`, as the
   * SDK's own card handler does.
   */
  agentCardJson(version: string | undefined): Promise<unknown>;
  /**
   * Answers one JSON-RPC request. Callers that send no `A2A-Version` header,
   * or `0.3`, speak the 0.3 protocol (`message/send`, `message/stream`,
   * `tasks/get`, `tasks/cancel`, …, the methods other ADKs use); `1.0`
   * callers the 1.0 methods. Errors come back as JSON-RPC errors.
   */
  handle(request: {
    body: unknown;
    headers: Record<string, string | undefined>;
    user?: User;
  }): Promise<A2aRpcResult>;
}

/**
 * An A2A endpoint serving one agent through the SDK's `DefaultRequestHandler`
 * and an `A2aAgentExecutor` (Python `to_a2a` without the HTTP app). With
 * `pushNotifications` on, webhooks are kept in the push store (a URL its
 * `allowUrl` refuses is a JSON-RPC invalid-params error, -32602) and task
 * updates are POSTed to them; off, the push config methods answer
 * PushNotificationNotSupported (-32003). Loads `@a2a-js/sdk` on first use;
 * without it, calls reject with `MissingDependencyError`.
 */
export function createA2aEndpoint(options: A2aEndpointOptions): A2aEndpoint {
  const push = options.pushNotifications === true ? {} : options.pushNotifications || undefined;
  let card: Promise<AgentCard> | undefined;
  const agentCard = () => {
    card ??= (
      typeof options.agentCard === 'function'
        ? options.agentCard()
        : Promise.resolve(options.agentCard)
    ).then((built) => withPushNotifications(built, push !== undefined));
    return card;
  };
  let handlers:
    | Promise<{
        sdk: Awaited<ReturnType<typeof loadA2aServerSdk>>;
        v1: InstanceType<
          Awaited<ReturnType<typeof loadA2aServerSdk>>['server']['JsonRpcTransportHandler']
        >;
        legacy: InstanceType<
          Awaited<ReturnType<typeof loadA2aServerSdk>>['legacy']['LegacyJsonRpcTransportHandler']
        >;
      }>
    | undefined;
  const load = () => {
    handlers ??= (async () => {
      const sdk = await loadA2aServerSdk();
      const pushParts = push && pushNotificationParts(sdk, push);
      const requestHandler = new sdk.server.DefaultRequestHandler(
        await agentCard(),
        options.taskStore ?? new sdk.server.InMemoryTaskStore(),
        options.agentExecutor ?? new A2aAgentExecutor({ runner: options.runner }),
        undefined,
        pushParts?.store,
        pushParts?.sender,
      );
      return {
        sdk,
        v1: new sdk.server.JsonRpcTransportHandler(requestHandler),
        legacy: new sdk.legacy.LegacyJsonRpcTransportHandler(requestHandler),
      };
    })();
    return handlers;
  };
  return {
    agentCard,
    async agentCardJson(version) {
      const card = await agentCard();
      if ((version || LEGACY_VERSION) !== LEGACY_VERSION) return card;
      const legacyCard = options.legacyAgentCard;
      if (!legacyCard) return toLegacyAgentCard(card);
      const enabled = push !== undefined;
      if ((legacyCard.capabilities?.pushNotifications ?? false) === enabled) return legacyCard;
      return {
        ...legacyCard,
        capabilities: { ...legacyCard.capabilities, pushNotifications: enabled },
      };
    },
    async handle({ body, headers, user }) {
      const { sdk, v1, legacy } = await load();
      const versionHeader = Object.entries(headers).find(
        ([name]) => name.toLowerCase() === A2A_VERSION_HEADER.toLowerCase(),
      )?.[1];
      const useLegacy = (versionHeader || LEGACY_VERSION) === LEGACY_VERSION;
      const context = sdk.server.defaultServerCallContextBuilder({
        extensions: undefined,
        user: user ?? new sdk.server.UnauthenticatedUser(),
        headers,
        requestedVersion: versionHeader || undefined,
      });
      const transport = useLegacy ? legacy : v1;
      const result = await transport.handle(body as Record<string, unknown>, context);
      if (typeof (result as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function') {
        return { kind: 'stream', events: result as AsyncIterable<unknown> };
      }
      return { kind: 'json', body: result };
    },
  };
}

function withPushNotifications(card: AgentCard, enabled: boolean): AgentCard {
  if ((card.capabilities?.pushNotifications ?? false) === enabled) return card;
  return {
    ...card,
    capabilities: { extensions: [], ...card.capabilities, pushNotifications: enabled },
  };
}

// The store refuses webhooks `allowUrl` refuses, whichever method registers
// them; the sender asks again before each POST (DNS and the policy may have
// changed since) and writes each webhook the body of its wire version.
function pushNotificationParts(
  sdk: Awaited<ReturnType<typeof loadA2aServerSdk>>,
  options: A2aPushNotificationOptions,
) {
  const allowUrl = options.allowUrl ?? isPublicHttpsUrl;
  const store = new UrlCheckingPushNotificationStore({
    store: options.store ?? new sdk.server.InMemoryPushNotificationStore(),
    allowUrl,
    refused: (url) =>
      new sdk.errors.RequestMalformedError(
        `Push notification URL not allowed: ${url}. This server only calls webhooks its ` +
          'push notification policy allows (by default, https URLs of public addresses).',
      ),
  });
  const sender =
    options.sender ??
    new GuardedPushNotificationSender({
      store,
      allowUrl,
      timeoutMs: options.timeoutMs ?? DEFAULT_PUSH_NOTIFICATION_TIMEOUT_MS,
      serializers: {
        '1.0': new sdk.server.V1PushNotificationSerializer(),
        '0.3': new sdk.legacy.V03PushNotificationSerializer(),
      },
    });
  return { store, sender };
}
