import type { RealtimeClientEvent } from 'openai/resources/realtime/realtime';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { LiveConnectionClosedError } from '../../errors/live-connection-closed-error.js';
import type { LlmResponse } from '../../events/llm-response.js';
import type { Blob, Content } from '../../types/index.js';
import { isPlainObject } from '../../utils/is-plain-object.js';
import { logger } from '../../utils/logger.js';
import type { BaseLlmConnection, RealtimeInput } from '../base-llm-connection.js';
import { malformedResponseError } from '../provider-errors.js';
import { PcmResampler, REALTIME_PCM_RATE, pcmRateOf } from './pcm-resampler.js';
import { parseRealtimeServerEvent } from './realtime-events.js';
import type { LiveInbox } from '../live-inbox.js';
import { historyItems, userContentItems } from './realtime-items.js';
import { REALTIME_API, RealtimeResponseMapper } from './realtime-response-mapper.js';
import type { ResponseActivity } from './response-activity.js';
import { PROVIDER } from './response-conversion.js';

/** The part of the `openai` client's `OpenAIRealtimeWS` the connection uses. */
export interface RealtimeSocket {
  send(event: RealtimeClientEvent): void;
  close(props?: { code: number; reason: string }): void;
}

/** What an OpenAIRealtimeConnection is built from. */
export interface OpenAIRealtimeConnectionOptions {
  /** The open Realtime socket, its session already configured. */
  socket: RealtimeSocket;
  /** The session's server events, fed by the socket's listener. */
  inbox: LiveInbox<unknown>;
  /** Whether a response is running, as the events received so far tell. */
  activity: ResponseActivity;
  /** The model name, for responses and errors. */
  model: string;
  /** True when turn detection is off and the client marks the user's activity. */
  manualActivity: boolean;
  /** Whether output transcription was asked for. */
  outputTranscription: boolean;
  /** False when the user's speech does not interrupt the model (`activityHandling: NO_INTERRUPTION`). */
  speechInterrupts: boolean;
}

/** Close code of a normal closure (RFC 6455). */
const NORMAL_CLOSURE = 1000;

/**
 * A live session on the OpenAI Realtime API (GA protocol) over the `openai`
 * client's WebSocket, behind the same interface as the Gemini connection,
 * so the same live agent runs on either.
 *
 * - `sendHistory`: the history as conversation items (`historyItems`), then
 *   `response.create` when the last content is the user's.
 * - `sendContent`: function responses (every part must be one, else
 *   `InvalidArgumentError`) as `function_call_output` items, then
 *   `response.create`; any other content as a user message, then
 *   `response.create`, after a `response.cancel` when a response is
 *   running (a new user turn interrupts the model, as on Gemini).
 * - `sendRealtime`: `audio/pcm` blobs (16 kHz unless the MIME type names
 *   a rate) resampled to 24 kHz and appended to the input audio buffer;
 *   `image/*` blobs as a user message with the image, without asking for a
 *   response; other blobs are not sent (warning). With turn detection off,
 *   activity start cancels a running response and clears the input
 *   buffer, activity end commits it and asks for a response; with turn
 *   detection on the server marks activity itself and both are ignored.
 *   The end of the audio stream, with turn detection on, commits the audio
 *   appended since the buffer was last committed or cleared and asks for a
 *   response (the server would wait for a silence that never comes);
 *   otherwise it sends nothing.
 * - `receive()`: the model's responses (`RealtimeResponseMapper`) until
 *   the end of one model response, then it returns (call again for the
 *   next). A socket that closes with a code other than 1000, not asked for
 *   by `close()`, throws `LiveConnectionClosedError` (a `ModelApiError`, code
 *   `live_connection_closed`); a
 *   normal close ends the stream.
 * - `close()`: closes the socket; `receive()` then ends.
 */
export class OpenAIRealtimeConnection implements BaseLlmConnection {
  private readonly socket: RealtimeSocket;
  private readonly inbox: LiveInbox<unknown>;
  private readonly activity: ResponseActivity;
  private readonly model: string;
  private readonly manualActivity: boolean;
  private readonly mapper: RealtimeResponseMapper;
  private resampler: PcmResampler | undefined;
  private closed = false;
  /** Audio was appended that neither side has committed or cleared since. */
  private uncommittedAudio = false;

  constructor(options: OpenAIRealtimeConnectionOptions) {
    this.socket = options.socket;
    this.inbox = options.inbox;
    this.activity = options.activity;
    this.model = options.model;
    this.manualActivity = options.manualActivity;
    this.mapper = new RealtimeResponseMapper({
      model: options.model,
      outputTranscription: options.outputTranscription,
      speechInterrupts: options.speechInterrupts,
      sessionId: () => options.activity.sessionId,
    });
  }

  sendHistory(history: Content[]): Promise<void> {
    return settle(() => {
      const items = historyItems(history);
      for (const item of items) this.socket.send({ type: 'conversation.item.create', item });
      if (items.length > 0 && history.at(-1)?.role === 'user') {
        this.socket.send({ type: 'response.create' });
      }
    });
  }

  sendContent(content: Content): Promise<void> {
    return settle(() => {
      const parts = content.parts ?? [];
      if (parts.length === 0) {
        throw new InvalidArgumentError({
          message: 'A live content needs parts.',
          argument: 'content',
        });
      }
      const answers = parts.filter((part) => part.functionResponse).length;
      if (answers > 0 && answers !== parts.length) {
        throw new InvalidArgumentError({
          message: 'A live content that answers function calls must hold only function responses.',
          argument: 'content',
        });
      }
      const items = userContentItems(content);
      if (answers === 0) this.cancelResponse();
      for (const item of items) this.socket.send({ type: 'conversation.item.create', item });
      this.socket.send({ type: 'response.create' });
    });
  }

  sendRealtime(input: RealtimeInput): Promise<void> {
    return settle(() => {
      if ('blob' in input) this.sendBlob(input.blob);
      else if ('audioStreamEnd' in input) this.endAudioStream();
      else if (!this.manualActivity) {
        logger.debug('Activity start and end are ignored: the Realtime server detects turns.');
      } else if ('activityStart' in input) {
        this.cancelResponse();
        this.socket.send({ type: 'input_audio_buffer.clear' });
        this.uncommittedAudio = false;
      } else {
        this.socket.send({ type: 'input_audio_buffer.commit' });
        this.uncommittedAudio = false;
        this.socket.send({ type: 'response.create' });
      }
    });
  }

  /**
   * The microphone stopped (Gemini's `audioStreamEnd`): with server turn
   * detection, speech cut off by it would wait in the buffer for a silence
   * that never comes, so the audio not yet committed is committed and
   * answered. Nothing is sent when there is none (the API refuses to commit
   * an empty buffer) or with turn detection off, where `activityEnd` ends a
   * turn.
   */
  private endAudioStream(): void {
    if (this.manualActivity || !this.uncommittedAudio) {
      logger.debug('Audio stream end: no uncommitted audio to flush.');
      return;
    }
    this.cancelResponse();
    this.socket.send({ type: 'input_audio_buffer.commit' });
    this.uncommittedAudio = false;
    this.socket.send({ type: 'response.create' });
  }

  async *receive(): AsyncGenerator<LlmResponse, void> {
    this.mapper.startPass();
    for (;;) {
      const next = await this.inbox.next();
      if ('close' in next) {
        if (!this.closed && next.close.code !== NORMAL_CLOSURE) {
          throw new LiveConnectionClosedError({
            provider: PROVIDER,
            model: this.model,
            closeCode: next.close.code,
            reason: next.close.reason,
          });
        }
        return;
      }
      this.noteBufferEvent(next.message);
      const event = parseRealtimeServerEvent(next.message);
      if (event === undefined) continue;
      if ('malformed' in event) {
        throw malformedResponseError({
          provider: PROVIDER,
          api: REALTIME_API,
          model: this.model,
          detail: `a ${event.malformed} event does not have the documented fields.`,
        });
      }
      const done = yield* this.mapper.map(event);
      if (done) return;
    }
  }

  close(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      this.socket.close({ code: NORMAL_CLOSURE, reason: 'OK' });
    }
    return Promise.resolve();
  }

  private sendBlob(blob: Blob): void {
    const mimeType = blob.mimeType ?? '';
    const rate = pcmRateOf(mimeType);
    if (rate !== undefined && blob.data) {
      if (this.resampler?.fromRate !== rate) {
        this.resampler = new PcmResampler(rate, REALTIME_PCM_RATE);
      }
      const audio = this.resampler.push(Buffer.from(blob.data, 'base64'));
      if (audio.length > 0) {
        this.socket.send({ type: 'input_audio_buffer.append', audio: audio.toString('base64') });
        this.uncommittedAudio = true;
      }
    } else if (mimeType.startsWith('image/') && blob.data) {
      const [item] = userContentItems({ role: 'user', parts: [{ inlineData: blob }] });
      if (item) this.socket.send({ type: 'conversation.item.create', item });
    } else {
      logger.warn(
        `Live blob not sent: the Realtime API takes audio/pcm and image/* blobs, not ${mimeType || 'one without a MIME type'}.`,
      );
    }
  }

  /** The server committed (its turn detection) or cleared the input buffer: nothing is left to flush. */
  private noteBufferEvent(message: unknown): void {
    const type = isPlainObject(message) ? message['type'] : undefined;
    if (type === 'input_audio_buffer.committed' || type === 'input_audio_buffer.cleared') {
      this.uncommittedAudio = false;
    }
  }

  /** Cancels the running response, if any (the API refuses a second one meanwhile). */
  private cancelResponse(): void {
    if (this.activity.responding) this.socket.send({ type: 'response.cancel' });
  }
}

/**
 * Runs a send and settles with its outcome, so a conversion that throws
 * rejects the returned promise instead of throwing synchronously.
 */
function settle(send: () => void): Promise<void> {
  try {
    send();
    return Promise.resolve();
  } catch (error) {
    return Promise.reject(error as Error);
  }
}
