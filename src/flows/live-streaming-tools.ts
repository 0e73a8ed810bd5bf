import { ActiveStreamingTool } from '../context/active-streaming-tool.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { LiveRequestQueue, type LiveRequest } from '../context/live-request-queue.js';
import type { LlmResponse } from '../events/llm-response.js';
import type { RunToolArguments } from '../tools/base-tool.js';
import {
  isFunctionTool,
  type FunctionTool,
  type FunctionToolParameters,
} from '../tools/function-tool.js';
import { STOP_STREAMING_TOOL_NAME } from '../tools/stop-streaming-tool.js';
import { logger } from '../utils/logger.js';
import type { ToolRunner } from './functions.js';
import { isTaskFinished, runStreamingToolTask } from './streaming-tool-task.js';

/** How long a stop waits for a cancelled tool to finish (Python's `wait_for(task, timeout=1.0)`). */
const STOP_WAIT_MS = 1000;

/** The answer to a call that started a streaming tool (Python's words; the live model needs one at once). */
const PENDING = {
  status: 'The function is running asynchronously and the results are pending.',
} as const;

/**
 * The streaming tools of one agent's live run (Python's
 * `_process_function_live_helper`, `stop_streaming` and
 * `stop_background_tool_tasks`), kept in the context's
 * `activeStreamingTools` under each tool's name:
 *
 * - `runTool`, the live flow's tool runner: a call to `stop_streaming` with
 *   a `function_name` argument stops that tool; a call to a streaming
 *   FunctionTool starts it in the background (cancelling a run of the same
 *   tool still going, so none is left unreachable), gives a tool declared
 *   with `inputStream` a new LiveRequestQueue, and answers at once with
 *   Python's "pending" status; any other tool runs as usual. A started
 *   function begins running at `releaseStarted`, once the flow has sent the
 *   model that answer, so its results never reach the model before it.
 * - `onModelResponse`: an `interrupted` response (the user barged in)
 *   cancels the tools the interrupted turn started; a `turnComplete` one
 *   keeps them running (a monitor outlives the turn that started it).
 * - `stopAll`: the run is over (the session closed, a transfer, an abort or
 *   a failure): every tool it started is cancelled and awaited, and the
 *   registry emptied.
 */
export class LiveStreamingTools {
  private readonly startedThisTurn = new Set<string>();
  private readonly tasks = new Set<Promise<void>>();
  private held: (() => void)[] = [];

  constructor(private readonly context: InvocationContext) {}

  /** The tool runner the live flow passes to the function-call handling. */
  readonly runTool: ToolRunner = (tool, args) => {
    if (tool.name === STOP_STREAMING_TOOL_NAME && Object.hasOwn(args.args, 'function_name')) {
      return this.stop(args.args['function_name']);
    }
    if (isFunctionTool(tool) && tool.isStreaming) return Promise.resolve(this.start(tool, args));
    return tool.runAsync(args);
  };

  /** Cancels the tools the turn started when the user interrupts it; forgets them when it completes. */
  onModelResponse(response: LlmResponse): void {
    if (response.interrupted === true) {
      for (const name of this.startedThisTurn) {
        const active = this.context.activeStreamingTools.get(name);
        if (active) cancel(active);
      }
    }
    if (response.interrupted === true || response.turnComplete === true) {
      this.startedThisTurn.clear();
    }
  }

  /** Lets the tools started since the last release begin running: their calls have been answered. */
  releaseStarted(): void {
    const held = this.held;
    this.held = [];
    for (const release of held) release();
  }

  /** Cancels every tool this run started, waits for them (a second at most), and empties the registry. */
  async stopAll(): Promise<void> {
    for (const active of this.context.activeStreamingTools.values()) {
      active.abortController?.abort();
    }
    this.releaseStarted();
    const pending = [...this.tasks];
    if (pending.length > 0 && !(await settlesWithin(Promise.all(pending), STOP_WAIT_MS))) {
      logger.warn('A streaming tool ignored its cancellation and outlives its live run.');
    }
    this.tasks.clear();
    this.context.activeStreamingTools.clear();
  }

  private start(
    tool: FunctionTool<FunctionToolParameters>,
    { args, context }: RunToolArguments,
  ): object {
    const registry = this.context.activeStreamingTools;
    const queue = this.context.liveRequestQueue;
    let active = registry.get(tool.name);
    if (active) cancel(active);
    else registry.set(tool.name, (active = new ActiveStreamingTool()));
    const abortController = new AbortController();
    const stream = tool.acceptsInputStream ? new LiveRequestQueue() : undefined;
    active.abortController = abortController;
    active.stream = stream;
    const task = queue
      ? runStreamingToolTask({
          tool,
          args,
          context,
          inputs: { inputStream: stream, abortSignal: abortController.signal },
          queue,
          startAfter: new Promise<void>((release) => this.held.push(release)),
        })
      : Promise.resolve();
    active.task = task;
    this.tasks.add(task);
    void task.finally(() => this.tasks.delete(task));
    this.startedThisTurn.add(tool.name);
    // A copy: the answer becomes the event's response, which its readers may change.
    return { ...PENDING };
  }

  private async stop(functionName: unknown): Promise<object> {
    if (typeof functionName !== 'string') {
      return { error: 'stop_streaming requires a string function_name.' };
    }
    const active = this.context.activeStreamingTools.get(functionName);
    const task = active?.task;
    if (!active || !task || isTaskFinished(task)) {
      return { status: `No active streaming function named ${functionName} found` };
    }
    active.abortController?.abort();
    if (!(await settlesWithin(task, STOP_WAIT_MS))) {
      return { status: `The task is not cancelled yet for ${functionName}.` };
    }
    if (active.task === task) clear(active);
    return { status: `Successfully stopped streaming function ${functionName}` };
  }
}

/**
 * Copies a client's live request into the input stream of every streaming
 * tool that has one (Python `_send_to_model`'s duplication), before it goes
 * to the model.
 */
export function forwardToStreamingTools(context: InvocationContext, request: LiveRequest): void {
  for (const active of context.activeStreamingTools.values()) active.stream?.send(request);
}

// Aborts the tool's run and clears its entry, as a stop does: no more input is copied to it.
function cancel(active: ActiveStreamingTool): void {
  active.abortController?.abort();
  clear(active);
}

function clear(active: ActiveStreamingTool): void {
  active.task = undefined;
  active.abortController = undefined;
  active.stream = undefined;
}

async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
