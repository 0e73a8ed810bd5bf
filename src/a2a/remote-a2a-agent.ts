import type { AgentCard, Message as A2aMessage, StreamResponse } from '@a2a-js/sdk';
import type { Client, ClientFactory } from '@a2a-js/sdk/client';
import { BaseAgent, type BaseAgentConfig } from '../agents/base-agent.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { A2aRequestError } from '../errors/a2a-request-error.js';
import { AdkError } from '../errors/adk-error.js';
import { AgentCardResolutionError } from '../errors/agent-card-resolution-error.js';
import { InvalidAgentConfigError } from '../errors/invalid-agent-config-error.js';
import { createEvent, type Event } from '../events/event.js';
import { loadA2aClientSdk, type A2aClientSdkModule } from './load-a2a-client-sdk.js';
import { A2aMetadataKey } from './remote-a2a-metadata.js';
import {
  messagePartsFromSession,
  requestForUserFunctionResponse,
  userMessage,
} from './remote-a2a-request.js';
import { eventForA2aResponse } from './remote-a2a-response.js';
import type { LegacyAgentCardJson } from './legacy-agent-card.js';
import { RemoteA2aTaskTracker } from './remote-a2a-task-tracker.js';
import {
  resolveAgentCardFromFile,
  resolveAgentCardFromUrl,
  validateAgentCard,
} from './resolve-agent-card.js';
import {
  a2aPartToGenaiPart,
  genaiPartToA2aPart,
  type A2aPartToGenaiPartConverter,
  type GenaiPartToA2aPartConverter,
} from './converters/part-converter.js';
import { describeError } from './describe-error.js';
import { A2aTaskState, isTerminalTaskState } from './converters/a2a-enums.js';
import { logger } from '../utils/logger.js';
import { LEGACY_COMPAT, normalizeAgentCard } from './normalize-agent-card.js';

/** How long one call to the remote agent may take by default: 600 s, as Python's. */
export const DEFAULT_A2A_TIMEOUT_MS = 600_000;

/** How long the `tasks/cancel` sent after an abort may take by default: 5 s. */
export const DEFAULT_A2A_CANCEL_TIMEOUT_MS = 5_000;

/** HTTP headers sent with every request, or a function giving them per request (tokens that expire). */
export type A2aHeaders =
  Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);

/** Options of `RemoteA2aAgent`. */
export interface RemoteA2aAgentConfig extends BaseAgentConfig {
  /**
   * The remote agent's card: the card itself, the URL it is served at (a
   * URL without a path means the well-known path), or the path of a JSON
   * file holding it. A2A 0.3 cards (`url`, `preferredTransport`,
   * `protocolVersion` 0.3: what adk-python, adk-go and adk-java serve) work
   * in all three forms; the agent then speaks 0.3 to that remote.
   */
  agentCard: AgentCard | LegacyAgentCardJson | string;
  /** The fetch used for every HTTP request (card and calls): a custom HTTP client, a proxy, a test double. */
  fetch?: typeof fetch;
  /** Headers added to every request, e.g. `{Authorization: 'Bearer …'}`. */
  headers?: A2aHeaders;
  /** How long one call may take, in milliseconds; default 600 000. */
  timeoutMs?: number;
  /**
   * How long the `tasks/cancel` sent when the invocation is aborted may
   * take, in milliseconds; default 5 000. The abort is thrown when it
   * answers or when this runs out.
   */
  cancelTimeoutMs?: number;
  /** A client factory of the SDK's to use instead of the default (JSON-RPC and HTTP+JSON over `fetch`). */
  clientFactory?: ClientFactory;
  /** Turns a GenAI part into A2A parts; default the package's part converter. */
  genaiPartConverter?: GenaiPartToA2aPartConverter;
  /** Turns an A2A part into GenAI parts; default the package's part converter. */
  a2aPartConverter?: A2aPartToGenaiPartConverter;
  /** Metadata to send with a request (Python `a2a_request_meta_provider`). */
  requestMetadataProvider?: (
    context: InvocationContext,
    message: A2aMessage,
  ) => Record<string, unknown> | undefined;
}

/**
 * The remote task still running when the invocation was aborted: the task
 * the answers so far show, unless it ended or paused for input; before any
 * answer, the task a follow-up message names.
 */
function runningTaskId(tracker: RemoteA2aTaskTracker, message: A2aMessage): string | undefined {
  const task = tracker.task;
  if (!task) return message.taskId || undefined;
  const state = task.status?.state;
  const stopped =
    isTerminalTaskState(state) ||
    state === A2aTaskState.inputRequired ||
    state === A2aTaskState.authRequired;
  return stopped ? undefined : task.id;
}

function withHeaders(fetchImpl: typeof fetch, headers: A2aHeaders | undefined): typeof fetch {
  if (headers === undefined) return fetchImpl;
  return async (input, init) => {
    const extra = typeof headers === 'function' ? await headers() : headers;
    const merged = new Headers(init?.headers);
    for (const [name, value] of Object.entries(extra)) {
      if (!merged.has(name)) merged.set(name, value);
    }
    return fetchImpl(input, { ...init, headers: merged });
  };
}

/**
 * An agent that runs on another server and is called over the A2A protocol
 * (Python `RemoteA2aAgent`). It is a sub-agent like any other: transfer and
 * `AgentTool` reach it.
 *
 * Each run sends the remote agent what it has not seen (the events since its
 * last answer, other agents' messages as `For context:` text) in the A2A
 * context of its previous answers, streaming when the card says the remote
 * streams. Answers become events authored by this agent: tasks, status
 * messages (thoughts while the task works) and artifacts, each stamped with
 * `a2a:task_id`, `a2a:context_id`, `a2a:request` and `a2a:response` in
 * `customMetadata`. A remote function call marked long-running (the task
 * waits in `input-required`) pauses the run; the user's function response
 * goes back to the same task.
 *
 * A remote task that ends `canceled` (cancelled by someone else) ends the
 * run like any answer: its status message, if any, is the last event.
 *
 * When the invocation's `abortSignal` fires while the remote task runs,
 * reading stops and the task is cancelled on the remote (`tasks/cancel`
 * with the task id seen so far, bounded by `cancelTimeoutMs`; a failed
 * cancel is logged); then the signal's reason is thrown, as everywhere an
 * invocation is aborted. A non-streaming first request has no task id
 * until it answers, so nothing is cancelled there.
 *
 * Remotes speaking A2A 0.3 (adk-python, adk-go and adk-java serve only
 * 0.3) are called in 0.3: a 0.3 card, by URL, file or object, is read into
 * the 1.0 shape with its interfaces marked 0.3 and the SDK's 0.3 transports
 * carry the calls (`message/send`, `message/stream`); a 1.0 card is called
 * in 1.0.
 *
 * Failures throw: `AgentCardResolutionError` when the card cannot be had,
 * `A2aRequestError` when a call fails (connection, HTTP status, malformed
 * answer, JSON-RPC error); `MissingDependencyError` without `@a2a-js/sdk`.
 */
export class RemoteA2aAgent extends BaseAgent {
  private readonly config: RemoteA2aAgentConfig;
  private readonly fetchImpl: typeof fetch;
  private card: AgentCard | undefined;
  private client: Client | undefined;

  constructor(config: RemoteA2aAgentConfig) {
    super(config);
    if (typeof config.agentCard === 'string' && config.agentCard.trim() === '') {
      throw new InvalidAgentConfigError({ message: 'agent_card string cannot be empty' });
    }
    if (config.agentCard === undefined || config.agentCard === null) {
      throw new InvalidAgentConfigError({ message: 'agent_card cannot be None' });
    }
    this.config = config;
    this.fetchImpl = withHeaders(config.fetch ?? globalThis.fetch.bind(globalThis), config.headers);
  }

  /**
   * The remote agent's card in the 1.0 shape (a 0.3 card translated),
   * fetched or read on first use; throws `AgentCardResolutionError` when it
   * cannot be had.
   */
  async resolveAgentCard(): Promise<AgentCard> {
    await this.ensureClient(await loadA2aClientSdk());
    return this.card!;
  }

  protected async *runAsyncImpl(
    context: InvocationContext,
  ): AsyncGenerator<Event, void, undefined> {
    const sdk = await loadA2aClientSdk();
    const client = await this.ensureClient(sdk);
    const message = this.requestMessage(context);
    if (!message) {
      yield createEvent({
        invocationId: context.invocationId,
        author: this.name,
        ...(context.branch === undefined ? {} : { branch: context.branch }),
        content: {},
      });
      return;
    }
    const requestJson = sdk.Message.toJSON(message);
    const metadata = this.config.requestMetadataProvider?.(context, message);
    const request = { tenant: '', message, configuration: undefined, metadata };
    const signals = [AbortSignal.timeout(this.config.timeoutMs ?? DEFAULT_A2A_TIMEOUT_MS)];
    if (context.abortSignal) signals.push(context.abortSignal);
    const options = { signal: AbortSignal.any(signals) };
    const mapping = {
      sdk,
      context,
      author: this.name,
      partConverter: this.config.a2aPartConverter ?? a2aPartToGenaiPart,
    };
    const tracker = new RemoteA2aTaskTracker();
    try {
      for await (const response of this.send(client, request, options)) {
        const event = eventForA2aResponse(response, tracker, mapping);
        if (!event) continue;
        event.customMetadata = { ...event.customMetadata, [A2aMetadataKey.request]: requestJson };
        yield event;
      }
    } catch (error) {
      context.abortSignal?.throwIfAborted();
      throw AdkError.isInstance(error) ? error : requestError(error);
    } finally {
      // Also when the consumer stops reading after the abort (return()), not only when reading threw.
      if (context.abortSignal?.aborted) {
        await this.cancelRemoteTask(client, runningTaskId(tracker, message));
      }
    }
  }

  /**
   * What to send: the user's function response to a paused remote task, else
   * the session events the remote has not seen; undefined when there are none.
   */
  private requestMessage(context: InvocationContext): A2aMessage | undefined {
    const convertPart = this.config.genaiPartConverter ?? genaiPartToA2aPart;
    const answer = requestForUserFunctionResponse({ context, convertPart });
    if (answer) return answer;
    const { parts, contextId } = messagePartsFromSession({
      agentName: this.name,
      events: context.session.events,
      convertPart,
    });
    return parts.length === 0 ? undefined : userMessage({ parts, contextId });
  }

  /** Best effort: asks the remote to cancel `taskId`, bounded by `cancelTimeoutMs`; a failure is logged. */
  private async cancelRemoteTask(client: Client, taskId: string | undefined): Promise<void> {
    if (!taskId) return;
    const timeoutMs = this.config.cancelTimeoutMs ?? DEFAULT_A2A_CANCEL_TIMEOUT_MS;
    try {
      await client.cancelTask(
        { tenant: '', id: taskId, metadata: undefined },
        { signal: AbortSignal.timeout(timeoutMs) },
      );
    } catch (error) {
      logger.warn(
        `Failed to cancel remote A2A task ${taskId} of agent ${this.name}: ${describeError(error)}`,
      );
    }
  }

  private async *send(
    client: Client,
    request: Parameters<Client['sendMessage']>[0],
    options: { signal: AbortSignal },
  ): AsyncGenerator<StreamResponse, void, undefined> {
    if (this.card?.capabilities?.streaming) {
      yield* client.sendMessageStream(request, options);
      return;
    }
    const result = await client.sendMessage(request, options);
    yield 'messageId' in result
      ? { payload: { $case: 'message', value: result } }
      : { payload: { $case: 'task', value: result } };
  }

  private async ensureClient(sdk: A2aClientSdkModule): Promise<Client> {
    if (this.client) return this.client;
    if (!this.card) {
      const given = this.config.agentCard;
      if (typeof given !== 'string') {
        this.card = normalizeAgentCard({ sdk, card: given, source: 'the given agent card' });
      } else {
        const source = given.trim();
        const card =
          source.startsWith('http://') || source.startsWith('https://')
            ? await resolveAgentCardFromUrl({ sdk, url: source, fetchImpl: this.fetchImpl })
            : await resolveAgentCardFromFile({ sdk, filePath: source });
        if (!this.description && card.description) this.description = card.description;
        this.card = card;
      }
    }
    validateAgentCard(this.card);
    try {
      const fetchImpl = this.fetchImpl;
      const factory =
        this.config.clientFactory ??
        new sdk.ClientFactory(
          sdk.ClientFactoryOptions.createFrom(sdk.ClientFactoryOptions.default, {
            transports: [
              new sdk.JsonRpcTransportFactory({ fetchImpl, legacyCompat: LEGACY_COMPAT }),
              new sdk.RestTransportFactory({ fetchImpl, legacyCompat: LEGACY_COMPAT }),
            ],
            cardResolver: new sdk.DefaultAgentCardResolver({
              fetchImpl,
              legacyCompat: LEGACY_COMPAT,
            }),
          }),
        );
      this.client = await factory.createFromAgentCard(this.card);
    } catch (cause) {
      throw new AgentCardResolutionError({
        message: `Failed to initialize remote A2A agent ${this.name}: ${describeError(cause)}`,
        cause,
      });
    }
    return this.client;
  }
}

/** A failed call as `A2aRequestError`, with the JSON-RPC code and A2A reason the SDK's protocol errors carry. */
function requestError(error: unknown): A2aRequestError {
  const { envelopeCode, reason } = (error ?? {}) as { envelopeCode?: unknown; reason?: unknown };
  return new A2aRequestError({
    message: `A2A request failed: ${describeError(error)}`,
    ...(typeof envelopeCode === 'number' ? { code: envelopeCode } : {}),
    ...(typeof reason === 'string' ? { reason } : {}),
    cause: error,
  });
}
