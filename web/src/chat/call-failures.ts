import type { RunErrorFrame } from '../api/sse';
import type { WireEvent } from '../api/types';

/** Why a function call got no response: the run failed while (or before) running it. */
export interface CallFailure {
  /** The tool the failed call named. */
  readonly toolName: string;
  /** What to show on the card. */
  readonly message: string;
}

/** Function call id → its failure. */
export type CallFailures = ReadonlyMap<string, CallFailure>;

/** No failed calls. */
export const NO_FAILURES: CallFailures = new Map();

/**
 * Follows the calls one run makes, so that when the run ends with an error
 * frame the calls left without a response can be marked failed. Calls the
 * user answers (long-running ones) are not tracked: they wait for the user,
 * not for the run.
 */
export class RunCallTracker {
  // Call id → tool name, in call order, for calls without a response yet.
  private readonly pending = new Map<string, string>();

  /** Notes the calls and responses of one final (non-partial) event of the run. */
  observe(event: WireEvent): void {
    if (event.partial) return;
    const longRunning = new Set(event.longRunningToolIds ?? []);
    for (const part of event.content?.parts ?? []) {
      const call = part.functionCall;
      if (call?.id && !longRunning.has(call.id)) this.pending.set(call.id, call.name);
      const response = part.functionResponse;
      if (response?.id) this.pending.delete(response.id);
    }
  }

  /**
   * The failures an error frame means for the calls still pending: the call
   * the frame names (its `function_call_id`, else the pending calls of its
   * `tool_name`) gets the frame's message; when the frame names no call
   * (an error the server did not attribute, or a server without
   * `tool_name`), every pending call does. Other pending calls never ran to
   * the end: they are marked as stopped by the failure.
   */
  failuresFor(frame: RunErrorFrame): Map<string, CallFailure> {
    const message = frame.detail || frame.message;
    const named = [...this.pending].filter(([id, toolName]) =>
      frame.functionCallId !== undefined
        ? id === frame.functionCallId
        : frame.toolName !== undefined && toolName === frame.toolName,
    );
    const blamed = new Set((named.length > 0 ? named : [...this.pending]).map(([id]) => id));
    const failures = new Map<string, CallFailure>();
    for (const [id, toolName] of this.pending) {
      failures.set(id, {
        toolName,
        message: blamed.has(id)
          ? message
          : 'Stopped: the run failed before this call got a response.',
      });
    }
    return failures;
  }
}
