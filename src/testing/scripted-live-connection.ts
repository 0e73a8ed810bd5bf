import type { LlmResponse } from '../events/llm-response.js';
import type { BaseLlmConnection, RealtimeInput } from '../models/base-llm-connection.js';
import type { Content } from '../types/index.js';

/**
 * What one live model turn plays: the responses the connection yields in
 * order (text partials, a `turnComplete`, function calls, `interrupted`,
 * transcriptions), or an error `receive()` throws. A `receive()` stream ends
 * after a `turnComplete` response, as Gemini's live connection does.
 */
export type ScriptedLiveTurn = readonly LlmResponse[] | Error;

/** One thing the client sent on a scripted live connection, in order. */
export type ScriptedLiveSent =
  | { kind: 'history'; history: Content[] }
  | { kind: 'content'; content: Content }
  | { kind: 'realtime'; input: RealtimeInput };

/**
 * A live connection that plays turns from a script (shared with the model
 * that opened it) and records what it was sent. Each `sendContent` or
 * `sendRealtime` releases the next scripted turn, if any is left, so tests
 * drive the session by sending and never by waiting for time; `sendHistory`
 * releases nothing. Once the script is used up, sends are recorded and the
 * model stays silent, as a live model does while it listens.
 */
export class ScriptedLiveConnection implements BaseLlmConnection {
  /** Everything sent, in order (deep copies). */
  readonly sent: ScriptedLiveSent[] = [];
  private readonly released: (LlmResponse | Error)[] = [];
  private wake: (() => void) | undefined;
  private closedFlag = false;

  /** `nextTurn` hands out the next scripted turn, or undefined when none is left. */
  constructor(private readonly nextTurn: () => ScriptedLiveTurn | undefined) {}

  /** Whether `close()` was called. */
  get closed(): boolean {
    return this.closedFlag;
  }

  /** The contents sent with `sendContent`, in order. */
  get contents(): Content[] {
    return this.sent.flatMap((item) => (item.kind === 'content' ? [item.content] : []));
  }

  /** The realtime inputs sent with `sendRealtime`, in order. */
  get realtimeInputs(): RealtimeInput[] {
    return this.sent.flatMap((item) => (item.kind === 'realtime' ? [item.input] : []));
  }

  /** The histories sent with `sendHistory`, in order. */
  get histories(): Content[][] {
    return this.sent.flatMap((item) => (item.kind === 'history' ? [item.history] : []));
  }

  sendHistory(history: Content[]): Promise<void> {
    this.sent.push({ kind: 'history', history: structuredClone(history) });
    return Promise.resolve();
  }

  sendContent(content: Content): Promise<void> {
    this.sent.push({ kind: 'content', content: structuredClone(content) });
    this.releaseNextTurn();
    return Promise.resolve();
  }

  sendRealtime(input: RealtimeInput): Promise<void> {
    this.sent.push({ kind: 'realtime', input: structuredClone(input) });
    this.releaseNextTurn();
    return Promise.resolve();
  }

  async *receive(): AsyncGenerator<LlmResponse, void> {
    for (;;) {
      const next = this.released.shift();
      if (next instanceof Error) throw next;
      if (next !== undefined) {
        yield structuredClone(next);
        // As Gemini's live connection does, the stream ends with the model's turn.
        if (next.turnComplete === true) return;
        continue;
      }
      if (this.closedFlag) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  close(): Promise<void> {
    this.closedFlag = true;
    this.wakeReader();
    return Promise.resolve();
  }

  private releaseNextTurn(): void {
    if (this.closedFlag) return;
    const turn = this.nextTurn();
    if (turn === undefined) return;
    if (turn instanceof Error) this.released.push(turn);
    else this.released.push(...turn);
    this.wakeReader();
  }

  private wakeReader(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
