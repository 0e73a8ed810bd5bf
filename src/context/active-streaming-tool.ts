import type { LiveRequestQueue } from './live-request-queue.js';

/** Fields of a new ActiveStreamingTool. */
export interface ActiveStreamingToolInit {
  /** Settles (never rejects) once the tool's run has ended, its `finally` blocks run. */
  task?: Promise<void>;
  /** Aborted to cancel the tool's run; the tool sees its signal. */
  abortController?: AbortController;
  /** The queue the client's live requests are copied into, for a tool that reads them. */
  stream?: LiveRequestQueue;
}

/**
 * A streaming tool running in a live session (Python `ActiveStreamingTool`,
 * spec 004 §5), kept in `InvocationContext.activeStreamingTools` under the
 * tool's name. `task` is the tool's run in the background, `abortController`
 * cancels it, and `stream` is the tool's own LiveRequestQueue: while it is
 * set, every live request the client sends is copied into it. A stopped
 * tool keeps its entry with the three fields cleared, as Python's
 * `stop_streaming` leaves it, so a later call starts it afresh.
 */
export class ActiveStreamingTool {
  task: Promise<void> | undefined;
  abortController: AbortController | undefined;
  stream: LiveRequestQueue | undefined;

  constructor(init: ActiveStreamingToolInit = {}) {
    this.task = init.task;
    this.abortController = init.abortController;
    this.stream = init.stream;
  }
}
