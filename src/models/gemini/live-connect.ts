import type {
  LiveConnectConfig,
  LiveConnectParameters,
  LiveServerMessage,
  Session,
} from '@google/genai';
import { LiveConnectionClosedError } from '../../errors/live-connection-closed-error.js';
import { ModelApiError } from '../../errors/model-api-error.js';
import type { LlmRequest } from '../llm-request.js';
import { toModelError, PROVIDER } from './error-conversion.js';
import { GeminiLlmConnection } from './gemini-llm-connection.js';
import { LiveInbox } from '../live-inbox.js';

/** The part of `@google/genai`'s `GoogleGenAI.live` that opens a session. */
export interface GeminiLiveClient {
  connect(params: LiveConnectParameters): Promise<Session>;
}

/**
 * The live session config for a request, as Python's `Gemini.connect`
 * builds it: the request's `liveConnectConfig` (modalities, speech,
 * transcription, realtime input, session resumption, context window
 * compression, set from the RunConfig by the flow), with the request's
 * system instruction (a text becomes a `system` content) and tools.
 */
export function liveConnectConfigOf(request: LlmRequest): LiveConnectConfig {
  const config: LiveConnectConfig = { ...request.liveConnectConfig };
  const instruction = request.config.systemInstruction;
  if (typeof instruction === 'string') {
    if (instruction) config.systemInstruction = { role: 'system', parts: [{ text: instruction }] };
  } else if (instruction !== undefined) {
    config.systemInstruction = instruction;
  }
  if (request.config.tools) config.tools = request.config.tools;
  return config;
}

/**
 * Opens a live session for `request` through the SDK's live client and wraps
 * it in a GeminiLlmConnection. The SDK waits for the socket to open and for
 * `setupComplete` without noticing a socket that fails first, so a close or
 * error before the setup completes rejects here, as `LiveConnectionClosedError`
 * (a `ModelApiError`).
 */
export async function openGeminiLiveConnection({
  live,
  request,
  model,
  apiKey,
}: {
  live: GeminiLiveClient;
  request: LlmRequest;
  model: string;
  apiKey: string | undefined;
}): Promise<GeminiLlmConnection> {
  const inbox = new LiveInbox<LiveServerMessage>();
  let failSetup: (error: unknown) => void = () => undefined;
  const setupFailed = new Promise<never>((_, reject) => (failSetup = reject));
  // Closes after the setup settle nothing anyone awaits.
  setupFailed.catch(() => undefined);
  const closedBeforeSetup = (closeCode: number, reason: string) =>
    new LiveConnectionClosedError({
      provider: PROVIDER,
      model,
      closeCode,
      reason,
      beforeSetup: true,
    });
  let session: Session;
  try {
    session = await Promise.race([
      live.connect({
        model,
        config: liveConnectConfigOf(request),
        callbacks: {
          onmessage: (message) => inbox.push(message),
          onerror: () => failSetup(closedBeforeSetup(1006, 'socket error')),
          onclose: (event) => {
            failSetup(closedBeforeSetup(event.code, event.reason));
            inbox.end({ code: event.code, reason: event.reason });
          },
        },
      }),
      setupFailed,
    ]);
  } catch (error) {
    if (ModelApiError.isInstance(error)) throw error;
    throw toModelError(error, { model, apiKey, abortSignal: undefined, stream: true });
  }
  return new GeminiLlmConnection({ session, inbox, model });
}
