import type { InvocationContext } from '../context/invocation-context.js';
import { LiveConnectionClosedError } from '../errors/live-connection-closed-error.js';
import { LiveReconnectionFailedError } from '../errors/live-reconnection-failed-error.js';
import type { Event } from '../events/event.js';
import type { LlmResponse } from '../events/llm-response.js';
import type { BaseLlm } from '../models/base-llm.js';
import type { BaseLlmConnection } from '../models/base-llm-connection.js';
import { Gemini } from '../models/gemini/gemini.js';
import type { LlmRequest } from '../models/llm-request.js';
import { logger } from '../utils/logger.js';

/**
 * How many times in a row a lost live session is reconnected before the
 * run gives up (Python `DEFAULT_MAX_RECONNECT_ATTEMPTS`). A connection that
 * opens resets the count.
 */
export const DEFAULT_MAX_RECONNECT_ATTEMPTS = 5;

/**
 * Close codes of a dropped connection worth resuming (Python reconnects on
 * the client's `APIError` codes 1000, 1006 and 1011): a session the server
 * ended, a socket that ended without a close frame, a server error. Any
 * other code (a refused setup, a policy violation) ends the run.
 */
const RESUMABLE_CLOSE_CODES: ReadonlySet<number> = new Set([1000, 1006, 1011]);

/** How one live session on one connection ended. */
export interface LiveSessionEnd {
  /** The agent a transfer names; the session stopped at it. */
  transferTo: string | undefined;
  /** True when the server said it will close (`goAway`): the session goes on on a new connection. */
  reconnect: boolean;
  /** True when a hook blocked an answer or spoken input: the flow starts a fresh session. */
  restart: boolean;
}

/** The agent a live session runs: its name (for errors) and its model. */
export interface LiveSessionAgent {
  readonly name: string;
  readonly canonicalModel: BaseLlm;
}

/** True for a failure that a session resumption handle can recover: a dropped connection. */
export function isResumableLiveFailure(error: unknown): boolean {
  return LiveConnectionClosedError.isInstance(error) && RESUMABLE_CLOSE_CODES.has(error.closeCode);
}

/**
 * Reads what a model response says about the session's future (Python
 * `_receive_from_model`): a resumption update replaces the context's
 * handle (with its `newHandle`, undefined when the server says the session
 * cannot be resumed now). Returns true for `goAway`, after which the
 * session must move to a new connection; the `goAway` itself is not an
 * event.
 */
export function noteLiveSessionUpdate(context: InvocationContext, response: LlmResponse): boolean {
  if (response.liveSessionResumptionUpdate) {
    context.liveSessionResumptionHandle = response.liveSessionResumptionUpdate.newHandle;
  }
  return response.goAway !== undefined;
}

/**
 * Runs the live sessions of one agent's turn in a live run (the reconnect
 * loop of Python `BaseLlmFlow.run_live`), yielding their events, and
 * returns how the last session ended (a transfer, a restart, or neither).
 *
 * Each pass opens a connection with `request`, sends the history (unless
 * the session is being resumed: the server keeps its state under the
 * handle) and runs `runSession` on it. A session that ends on `goAway`
 * starts again on a new connection. A session (or a connection attempt)
 * that fails with a resumable drop (`isResumableLiveFailure`) while the
 * context holds a resumption handle is reconnected with that handle in the
 * setup's `sessionResumption` (`transparent` too on Vertex AI, when the run
 * did not say), at most `maxAttempts` times in a row: then
 * `LiveReconnectionFailedError` (its cause the last failure). Any other
 * failure, or a drop without a handle, is thrown as it came. The context's
 * abort signal is checked before each connection.
 */
export async function* runLiveSessions(
  context: InvocationContext,
  agent: LiveSessionAgent,
  request: LlmRequest,
  runSession: (connection: BaseLlmConnection) => AsyncGenerator<Event, LiveSessionEnd, undefined>,
  maxAttempts = DEFAULT_MAX_RECONNECT_ATTEMPTS,
): AsyncGenerator<Event, LiveSessionEnd, undefined> {
  const model = agent.canonicalModel;
  let attempts = 0;
  for (;;) {
    context.abortSignal?.throwIfAborted();
    const handle = context.liveSessionResumptionHandle;
    try {
      if (handle !== undefined) {
        attempts += 1;
        logger.info(`Resuming the live session of ${agent.name} (attempt ${attempts}).`);
        await resumeWith(request, model, handle);
      }
      const connection = await model.connect(request);
      attempts = 0;
      let end: LiveSessionEnd;
      try {
        if (handle === undefined && request.contents.length > 0) {
          await connection.sendHistory(request.contents);
        }
        end = yield* runSession(connection);
      } finally {
        await connection.close();
      }
      if (!end.reconnect) return end;
      logger.info(`The live session of ${agent.name} moves to a new connection (goAway).`);
    } catch (error) {
      if (context.liveSessionResumptionHandle === undefined || !isResumableLiveFailure(error)) {
        throw error;
      }
      if (attempts >= maxAttempts) {
        throw new LiveReconnectionFailedError({
          agentName: agent.name,
          attempts,
          cause: error,
        });
      }
      logger.info(`The live session of ${agent.name} was lost; resuming it with its handle.`);
    }
  }
}

/**
 * Forgets the run's live session before another agent runs live on the same
 * context (Python gives the agent transferred to a context without the
 * handle, and a run config whose `sessionResumption` has no handle): that
 * agent starts a session of its own.
 */
export function forgetLiveSession(context: InvocationContext): void {
  context.liveSessionResumptionHandle = undefined;
  const resumption = context.runConfig.sessionResumption;
  if (resumption?.handle !== undefined) {
    const { handle: _dropped, ...rest } = resumption;
    context.runConfig = { ...context.runConfig, sessionResumption: rest };
  }
}

/**
 * Puts the handle in the request's `sessionResumption` (a copy: the run
 * config's object is not changed), with `transparent` on Vertex AI unless
 * the run set it; the Gemini API refuses `transparent`.
 */
async function resumeWith(request: LlmRequest, model: BaseLlm, handle: string): Promise<void> {
  const resumption = { ...request.liveConnectConfig.sessionResumption, handle };
  if (resumption.transparent === undefined && model instanceof Gemini) {
    if (await model.usesVertexAi()) resumption.transparent = true;
  }
  request.liveConnectConfig.sessionResumption = resumption;
}
