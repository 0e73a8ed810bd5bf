import { StreamingMode } from '../context/run-config.js';
import type { Runner } from '../runner/runner.js';
import type { Event } from '../events/event.js';
import type { Session } from '../sessions/session.js';
import type { Content } from '../types/index.js';
import type { CliIo } from './cli-io.js';
import { errorReport } from './error-report.js';
import type { EventPrinter } from './event-printer.js';

/** One conversation of `adk run`: a runner, a session and where output goes. */
export interface RunSession {
  readonly runner: Runner;
  readonly session: Session;
  readonly printer: EventPrinter;
  readonly io: CliIo;
  /** Stream model output (text mode) or wait for complete events (JSONL). */
  readonly streaming: boolean;
  /** Fires when the user interrupts (Ctrl-C): the turn in progress stops. */
  readonly signal: AbortSignal;
  /** Print a failed turn's stack, and its causes' (`-v`), after its message. */
  readonly verbose?: boolean;
}

/**
 * Runs one user turn (a line of text, or a whole message such as the answer
 * to a human-input request) and prints its events, handing each to
 * `onEvent` too. Returns true when the turn ran to its end; false when it
 * failed (the error is printed to stderr, see `errorReport`) or was
 * interrupted.
 */
export async function runTurn(
  conversation: RunSession,
  input: string | Content,
  onEvent?: (event: Event) => void,
): Promise<boolean> {
  const { runner, session, printer, io, signal } = conversation;
  try {
    for await (const event of runner.runAsync({
      userId: session.userId,
      sessionId: session.id,
      newMessage: typeof input === 'string' ? { role: 'user', parts: [{ text: input }] } : input,
      runConfig: {
        streamingMode: conversation.streaming ? StreamingMode.SSE : StreamingMode.NONE,
      },
      abortSignal: signal,
    })) {
      printer.print(event);
      onEvent?.(event);
      if (signal.aborted) break;
    }
    return !signal.aborted;
  } catch (error) {
    printer.endStream();
    if (signal.aborted) return false;
    io.stderr.write(errorReport(error, conversation.verbose === true));
    return false;
  } finally {
    printer.endStream();
  }
}
