import type { LiveServerMessage, Session } from '@google/genai';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { LiveConnectionClosedError } from '../../errors/live-connection-closed-error.js';
import type { LlmResponse } from '../../events/llm-response.js';
import type { Blob, Content, GroundingMetadata, Part } from '../../types/index.js';
import { logger } from '../../utils/logger.js';
import type { BaseLlmConnection, RealtimeInput } from '../base-llm-connection.js';
import { PROVIDER } from './error-conversion.js';
import type { LiveInbox } from '../live-inbox.js';

/** The part of `@google/genai`'s live `Session` the connection uses. */
export type GeminiLiveSession = Pick<
  Session,
  'sendClientContent' | 'sendRealtimeInput' | 'sendToolResponse' | 'close'
> & { readonly setupComplete?: Session['setupComplete'] };

/** What a GeminiLlmConnection is built from. */
export interface GeminiLlmConnectionOptions {
  /** The open live session (setup already complete). */
  session: GeminiLiveSession;
  /** The session's server messages, fed by the session's callbacks. */
  inbox: LiveInbox<LiveServerMessage>;
  /** The model name, for responses and errors. */
  model: string;
}

/** True for Gemini 3.1 Flash Live models, which take text and media as realtime input (Python `is_gemini_3_1_flash_live`). */
function isGemini31FlashLive(model: string): boolean {
  return model.startsWith('gemini-3.1-flash-live');
}

/**
 * A live Gemini session over `@google/genai`'s BidiGenerateContent client
 * (Python `GeminiLlmConnection`).
 *
 * - `sendHistory`: the history without audio parts (already transcribed, and
 *   the API refuses them) as one `clientContent`, `turnComplete` when the
 *   last content is the user's; nothing when empty.
 * - `sendContent`: function responses (every part must be one, else
 *   `InvalidArgumentError`) as `toolResponse`; any other content as a
 *   `clientContent` turn with `turnComplete`.
 * - `sendRealtime`: a blob as `realtimeInput.media`, activity start/end and
 *   the end of the audio stream (`realtimeInput.audioStreamEnd`) as
 *   themselves.
 * - `receive()`: the model's responses until its turn completes (then it
 *   returns; call again for the next turn) or the session ends, mapped as
 *   Python maps them: text chunks as partial responses, merged into one
 *   final text response at turn end, interruption, a switch between thought
 *   and text, or a non-audio part; transcriptions as partial chunks then a
 *   finished whole; tool calls gathered and yielded as one function-call
 *   content at turn end; usage, resumption updates and goAway as their own
 *   responses (`toolCallCancellation` is not surfaced, as in Python). A
 *   socket that closes without `close()` having been called, whatever its
 *   code, throws `LiveConnectionClosedError` (a `ModelApiError`, code
 *   `live_connection_closed`, with the close code).
 * - `close()`: closes the socket; `receive()` then ends.
 *
 * Gemini 3.1 Flash Live models differ, as in Python: a content of one text
 * part goes as `realtimeInput.text`; a blob as `realtimeInput.audio` or
 * `.video` by its MIME type (`audio/…`, `image/…`; any other is not sent,
 * with a warning); tool calls are yielded as soon as they arrive (the model
 * waits for their answers before completing its turn); and text and
 * turn-end responses carry grounding metadata, empty when the server sent
 * none.
 */
export class GeminiLlmConnection implements BaseLlmConnection {
  private readonly session: GeminiLiveSession;
  private readonly inbox: LiveInbox<LiveServerMessage>;
  private readonly model: string;
  private inputTranscription = '';
  private outputTranscription = '';
  private readonly flashLive31: boolean;
  private closed = false;

  constructor({ session, inbox, model }: GeminiLlmConnectionOptions) {
    this.session = session;
    this.inbox = inbox;
    this.model = model;
    this.flashLive31 = isGemini31FlashLive(model);
  }

  sendHistory(history: Content[]): Promise<void> {
    return settle(() => {
      const contents = history.flatMap((content) => {
        const filtered = withoutAudio(content);
        return filtered ? [filtered] : [];
      });
      if (contents.length > 0) {
        this.session.sendClientContent({
          turns: contents,
          turnComplete: contents.at(-1)?.role === 'user',
        });
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
      if (parts[0]?.functionResponse) {
        const responses = parts.flatMap((part) =>
          part.functionResponse ? [part.functionResponse] : [],
        );
        if (responses.length !== parts.length) {
          throw new InvalidArgumentError({
            message:
              'A live content that answers function calls must hold only function responses.',
            argument: 'content',
          });
        }
        this.session.sendToolResponse({ functionResponses: responses });
      } else if (this.flashLive31 && parts.length === 1 && parts[0]?.text) {
        this.session.sendRealtimeInput({ text: parts[0].text });
      } else {
        this.session.sendClientContent({ turns: [content], turnComplete: true });
      }
    });
  }

  sendRealtime(input: RealtimeInput): Promise<void> {
    return settle(() => {
      if ('blob' in input) this.sendBlob(input.blob);
      else if ('activityStart' in input) {
        this.session.sendRealtimeInput({ activityStart: input.activityStart });
      } else if ('activityEnd' in input) {
        this.session.sendRealtimeInput({ activityEnd: input.activityEnd });
      } else this.session.sendRealtimeInput({ audioStreamEnd: true });
    });
  }

  private sendBlob(blob: Blob): void {
    if (!this.flashLive31) {
      this.session.sendRealtimeInput({ media: blob });
    } else if (blob.mimeType?.startsWith('audio/')) {
      this.session.sendRealtimeInput({ audio: blob });
    } else if (blob.mimeType?.startsWith('image/')) {
      this.session.sendRealtimeInput({ video: blob });
    } else {
      logger.warn(
        `Live blob not sent: ${this.model} takes audio/* and image/* blobs, not ${blob.mimeType ?? 'one without a MIME type'}.`,
      );
    }
  }

  async *receive(): AsyncGenerator<LlmResponse, void> {
    const turn = new TurnState();
    for (;;) {
      const next = await this.inbox.next();
      if ('close' in next) {
        if (turn.toolCallParts.length > 0) yield this.response({ content: turn.takeToolCalls() });
        // A close nobody asked for, even a normal one (the server ends its sessions after a
        // while), is a lost session: Python's receive raises then, and the flow may resume it.
        if (!this.closed) {
          throw new LiveConnectionClosedError({
            provider: PROVIDER,
            model: this.model,
            closeCode: next.close.code,
            reason: next.close.reason,
          });
        }
        return;
      }
      const done = yield* this.map(next.message, turn);
      if (done) return;
    }
  }

  close(): Promise<void> {
    this.closed = true;
    this.session.close();
    return Promise.resolve();
  }

  /** Yields the responses of one server message; returns true at the end of the model's turn. */
  private *map(message: LiveServerMessage, turn: TurnState): Generator<LlmResponse, boolean> {
    if (message.usageMetadata) yield this.response({ usageMetadata: message.usageMetadata });
    const server = message.serverContent;
    if (server) {
      const content = server.modelTurn;
      const parts = content?.parts ?? [];
      if (server.groundingMetadata) turn.grounding = server.groundingMetadata;
      if (parts.length === 0 && server.groundingMetadata && !server.turnComplete) {
        yield this.response({
          groundingMetadata: server.groundingMetadata,
          interrupted: server.interrupted,
        });
      }
      if (content && parts.length > 0) {
        const response = this.response({ content, interrupted: server.interrupted });
        if (!server.turnComplete) {
          const grounding = server.groundingMetadata ?? this.emptyGrounding();
          if (grounding) response.groundingMetadata = grounding;
        }
        const first = parts[0] as Part;
        if (first.text) {
          const thought = first.thought === true;
          if (turn.text && thought !== turn.thought) yield this.fullText(turn.takeText());
          turn.text += first.text;
          turn.thought = thought;
          response.partial = true;
        } else if (turn.text && !first.inlineData) {
          yield this.fullText(turn.takeText());
        }
        yield response;
      }
      yield* this.transcriptions(server);
      if (server.turnComplete) {
        let grounding = turn.grounding;
        if (turn.text) {
          yield this.fullText(turn.takeText(), grounding);
          grounding = undefined;
        }
        if (turn.toolCallParts.length > 0) yield this.response({ content: turn.takeToolCalls() });
        yield this.response({
          turnComplete: true,
          interrupted: server.interrupted,
          groundingMetadata: server.groundingMetadata ?? grounding ?? this.emptyGrounding(),
        });
        return true;
      }
      if (server.interrupted) {
        if (turn.text) yield this.fullText(turn.takeText());
        else yield this.response({ interrupted: true });
      }
    }
    if (message.toolCall) {
      if (turn.text) yield this.fullText(turn.takeText());
      for (const functionCall of message.toolCall.functionCalls ?? []) {
        turn.toolCallParts.push({ functionCall });
      }
      // Gemini 3.1 completes its turn only after the answers: yield now.
      if (this.flashLive31 && turn.toolCallParts.length > 0) {
        yield this.response({ content: turn.takeToolCalls(), groundingMetadata: {} });
      }
    }
    if (message.sessionResumptionUpdate) {
      yield this.response({ liveSessionResumptionUpdate: message.sessionResumptionUpdate });
    }
    if (message.goAway) yield this.response({ goAway: message.goAway });
    return false;
  }

  private *transcriptions(
    server: NonNullable<LiveServerMessage['serverContent']>,
  ): Generator<LlmResponse> {
    const input = server.inputTranscription;
    if (input?.text) {
      this.inputTranscription += input.text;
      yield this.response({
        inputTranscription: { text: input.text, finished: false },
        partial: true,
      });
    }
    if (input?.finished) {
      yield this.response({
        inputTranscription: { text: this.inputTranscription, finished: true },
        partial: false,
      });
      this.inputTranscription = '';
    }
    const output = server.outputTranscription;
    if (output?.text) {
      this.outputTranscription += output.text;
      yield this.response({
        outputTranscription: { text: output.text, finished: false },
        partial: true,
      });
    }
    if (output?.finished) {
      yield this.response({
        outputTranscription: { text: this.outputTranscription, finished: true },
        partial: false,
      });
      this.outputTranscription = '';
    }
    // The server may never mark a transcription finished: the end of the
    // turn, of the generation or an interruption completes it.
    if (server.interrupted || server.turnComplete || server.generationComplete) {
      if (this.inputTranscription) {
        yield this.response({
          inputTranscription: { text: this.inputTranscription, finished: true },
          partial: false,
        });
        this.inputTranscription = '';
      }
      if (this.outputTranscription) {
        yield this.response({
          outputTranscription: { text: this.outputTranscription, finished: true },
          partial: false,
        });
        this.outputTranscription = '';
      }
    }
  }

  private fullText(text: { text: string; thought: boolean }, grounding?: GroundingMetadata) {
    const part: Part = text.thought ? { text: text.text, thought: true } : { text: text.text };
    return this.response({
      content: { role: 'model', parts: [part] },
      groundingMetadata: grounding ?? this.emptyGrounding(),
      partial: false,
    });
  }

  /** Empty grounding metadata for Gemini 3.1 Flash Live, which Python always attaches there. */
  private emptyGrounding(): GroundingMetadata | undefined {
    return this.flashLive31 ? {} : undefined;
  }

  /** A response with the model version and session id, without undefined fields. */
  private response(fields: LlmResponse): LlmResponse {
    const response: LlmResponse = { modelVersion: this.model };
    const sessionId = this.session.setupComplete?.sessionId;
    if (sessionId) response.liveSessionId = sessionId;
    for (const [key, value] of Object.entries(fields)) {
      if (value !== undefined) (response as Record<string, unknown>)[key] = value;
    }
    return response;
  }
}

/** What `receive()` accumulates over one model turn. */
class TurnState {
  text = '';
  thought = false;
  toolCallParts: Part[] = [];
  grounding: GroundingMetadata | undefined;

  takeText(): { text: string; thought: boolean } {
    const taken = { text: this.text, thought: this.thought };
    this.text = '';
    this.thought = false;
    return taken;
  }

  takeToolCalls(): Content {
    const parts = this.toolCallParts;
    this.toolCallParts = [];
    return { role: 'model', parts };
  }
}

/**
 * Runs a send and settles with its outcome: the SDK's send methods throw
 * synchronously (a function response without an id on the Gemini API, for
 * one), and callers of a connection expect a rejected promise instead.
 */
function settle(send: () => void): Promise<void> {
  try {
    send();
    return Promise.resolve();
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

/** The content without audio parts, or undefined when nothing is left. */
function withoutAudio(content: Content): Content | undefined {
  const parts = (content.parts ?? []).filter((part) => {
    const mimeType = part.inlineData?.mimeType ?? part.fileData?.mimeType;
    return !mimeType?.startsWith('audio/');
  });
  return parts.length > 0 ? { ...content, parts } : undefined;
}
