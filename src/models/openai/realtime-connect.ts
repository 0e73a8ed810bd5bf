import type { ClientOptions } from 'ws';
import { ModelApiError } from '../../errors/model-api-error.js';
import { NotSupportedError } from '../../errors/not-supported-error.js';
import type { LlmRequest } from '../llm-request.js';
import { optionalSdkLoader } from '../optional-sdk-loader.js';
import { toModelError } from './error-conversion.js';
import { OpenAIRealtimeConnection, type RealtimeSocket } from './realtime-connection.js';
import { LiveInbox } from '../live-inbox.js';
import { isManualActivity, realtimeSessionOf } from './realtime-session-config.js';
import { ResponseActivity } from './response-activity.js';
import type { RealtimeSocketOptions } from './realtime-socket-options.js';
import { PROVIDER } from './response-conversion.js';

/** The first `openai` release with the GA Realtime protocol the connection speaks. */
const MIN_OPENAI_VERSION = '5.20';

/** The `openai` client as the Realtime socket needs it (an `OpenAI` instance is one). */
export interface RealtimeCapableClient {
  apiKey: string;
  baseURL: string;
}

/** The Realtime socket the `openai` client opens, as far as opening uses it. */
interface RealtimeWs extends RealtimeSocket {
  socket: {
    once(event: 'open', listener: () => void): unknown;
    on(event: 'close', listener: (code: number, reason: Buffer) => void): unknown;
  };
  on(event: 'event', listener: (event: unknown) => void): unknown;
  on(event: 'error', listener: (error: Error & { error?: unknown }) => void): unknown;
}

interface RealtimeWsClass {
  create(
    client: never,
    props: { model: string; options?: ClientOptions | undefined },
  ): Promise<RealtimeWs>;
  azure(
    client: never,
    props: { deploymentName: string; options?: ClientOptions | undefined },
  ): Promise<RealtimeWs>;
}

/**
 * The `openai` client's `OpenAIRealtimeWS`, imported on first use (it needs
 * `ws`, a dependency here). `MissingDependencyError` without `openai`;
 * `NotSupportedError` for a version without the GA Realtime client.
 */
const loadRealtimeWs: () => Promise<RealtimeWsClass> = optionalSdkLoader({
  packageName: 'openai',
  feature: 'OpenAILlm live sessions',
  load: () =>
    import('openai/realtime/ws').then(
      (module) => module.OpenAIRealtimeWS as RealtimeWsClass,
      (error: unknown) => {
        if ((error as { code?: unknown } | null)?.code !== 'ERR_PACKAGE_PATH_NOT_EXPORTED') {
          throw error;
        }
        throw new NotSupportedError({
          message: `Live sessions on OpenAI need openai ${MIN_OPENAI_VERSION} or later (the GA Realtime client, openai/realtime/ws).`,
        });
      },
    ),
  // Node names the missing package in quotes; the quote keeps other paths from matching.
  mentionedAs: "'openai",
});

/** What `openRealtimeConnection` needs. */
export interface OpenRealtimeConnectionRequest {
  /** The configured `OpenAI` client (key and base URL). */
  client: RealtimeCapableClient;
  /** The live request: instruction, tools and live config. */
  request: LlmRequest;
  /** The model name sent to the API. */
  model: string;
  /** The model transcribing the user's audio when input transcription is on. */
  transcriptionModel: string;
  /** Options of the WebSocket. */
  socketOptions: RealtimeSocketOptions | undefined;
}

/**
 * Opens a Realtime session for `request` through the `openai` client's
 * WebSocket (`{baseURL}/realtime?model=…` as `wss:`; for an `AzureOpenAI`
 * client, `?api-version=…&deployment={model}` with its `api-key`), sends the session
 * (`realtimeSessionOf`) as `session.update` and waits for
 * `session.updated`, then wraps the socket in an `OpenAIRealtimeConnection`.
 * An `error` event, a socket failure or a close before the session is
 * updated rejects with `ModelApiError` (the API's code, or
 * `live_connection_closed` with the HTTP status of a refused handshake).
 * Events are queued from the moment the socket opens, so nothing the
 * server sends is lost before `receive()`.
 */
export async function openRealtimeConnection({
  client,
  request,
  model,
  transcriptionModel,
  socketOptions,
}: OpenRealtimeConnectionRequest): Promise<OpenAIRealtimeConnection> {
  const session = realtimeSessionOf(request, { transcriptionModel });
  const RealtimeWs = await loadRealtimeWs();
  let socket: RealtimeWs;
  try {
    // An AzureOpenAI client (the one with an API version) connects to its deployment.
    socket =
      typeof (client as { apiVersion?: unknown }).apiVersion === 'string'
        ? await RealtimeWs.azure(client as never, { deploymentName: model, options: socketOptions })
        : await RealtimeWs.create(client as never, { model, options: socketOptions });
  } catch (error) {
    throw toModelError(error, {
      model,
      apiKey: client.apiKey,
      abortSignal: undefined,
      stream: true,
    });
  }
  const inbox = new LiveInbox<unknown>();
  const activity = new ResponseActivity();
  const sessionUpdated = listen(socket, { model, inbox, activity });
  socket.socket.once('open', () => socket.send({ type: 'session.update', session }));
  try {
    await sessionUpdated;
  } catch (error) {
    socket.close({ code: 1000, reason: 'session refused' });
    throw error;
  }
  return new OpenAIRealtimeConnection({
    socket,
    inbox,
    activity,
    model,
    manualActivity: isManualActivity(request),
    outputTranscription: request.liveConnectConfig.outputAudioTranscription !== undefined,
    speechInterrupts:
      request.liveConnectConfig.realtimeInputConfig?.activityHandling !== 'NO_INTERRUPTION',
  });
}

/**
 * Feeds the socket's events to `activity` and `inbox` and its close to
 * `inbox`, for the whole session; resolves at the first `session.updated`
 * and rejects with `ModelApiError` at an `error` event or a close before it.
 */
function listen(
  socket: RealtimeWs,
  {
    model,
    inbox,
    activity,
  }: { model: string; inbox: LiveInbox<unknown>; activity: ResponseActivity },
): Promise<void> {
  let socketError = '';
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const fail = (error: ModelApiError): void => {
      if (!settled) reject(error);
      settled = true;
    };
    socket.on('event', (event) => {
      activity.observe(event);
      inbox.push(event);
      const fields = event as {
        type?: unknown;
        error?: { code?: unknown; type?: unknown; message?: unknown };
      };
      if (fields.type === 'session.updated' && !settled) {
        settled = true;
        resolve();
      } else if (fields.type === 'error') {
        fail(
          new ModelApiError({
            provider: PROVIDER,
            model,
            code: String(fields.error?.code ?? fields.error?.type ?? 'error'),
            message: `The Realtime session was refused: ${String(fields.error?.message ?? 'no message')}`,
          }),
        );
      }
    });
    // Server `error` events arrive as events above; this listener keeps the
    // client from turning them, and socket failures, into unhandled rejections.
    socket.on('error', (error) => {
      if (error.error === undefined) socketError = error.message;
    });
    socket.socket.on('close', (code, reason) => {
      const text = reason.toString('utf8') || socketError;
      inbox.end({ code, reason: text });
      // A refused handshake (a bad key, an unknown model) reaches `ws` as an HTTP answer.
      const status = /Unexpected server response: (\d{3})/.exec(socketError)?.[1];
      fail(
        new ModelApiError({
          provider: PROVIDER,
          model,
          status: status === undefined ? undefined : Number(status),
          code: 'live_connection_closed',
          message: `The live connection closed before its session was set up (code ${code}${text ? `: ${text}` : ''}).`,
        }),
      );
    });
  });
}
