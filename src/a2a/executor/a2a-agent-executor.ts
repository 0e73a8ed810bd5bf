import type { AgentExecutor, ExecutionEventBus, RequestContext } from '@a2a-js/sdk/server';
import type { Message, Task, TaskState, TaskStatusUpdateEvent } from '@a2a-js/sdk';
import type { Event } from '../../events/event.js';
import type { Runner } from '../../runner/runner.js';
import { newUuid } from '../../utils/ids.js';
import { logger } from '../../utils/logger.js';
import { A2aTaskState } from '../converters/a2a-enums.js';
import { eventToA2aStatusUpdates, textMessage } from '../converters/event-converter.js';
import { adkMetadataKey } from '../converters/metadata-keys.js';
import { a2aPartToGenaiPart, genaiPartToA2aPart } from '../converters/part-converter.js';
import { a2aRequestToRunRequest } from '../converters/request-converter.js';
import type { A2aAgentExecutorConfig } from './a2a-agent-executor-config.js';
import {
  runAfterAgent,
  runAfterEvent,
  runBeforeAgent,
  type A2aExecutorContext,
} from './execute-interceptor.js';
import { failureSummary } from './failure-summary.js';
import { TaskResultAggregator } from './task-result-aggregator.js';

/** How long `cancelTask` waits by default for the aborted run to end: 1 s, as Python's executor. */
export const DEFAULT_CANCEL_WAIT_MS = 1_000;

/** The status message of a task `cancelTask` ended (Python's text). */
export const TASK_CANCELED_MESSAGE = 'Task was cancelled';

/** Options of `A2aAgentExecutor`. */
export interface A2aAgentExecutorOptions {
  /** The runner requests run on, or a function giving it (called once, on first use). */
  runner: Runner | (() => Runner | Promise<Runner>);
  /** Converters and interceptors (Python `A2aAgentExecutorConfig`); the package's own by default. */
  config?: A2aAgentExecutorConfig;
  /** How long `cancelTask` waits for the aborted run to end, in milliseconds; default 1 000. */
  cancelWaitMs?: number;
}

/** A request being run: what cancels it and what says it ended. */
interface RunningTask {
  abort: AbortController;
  contextId: string;
  ended: Promise<void>;
}

/**
 * The A2A SDK's `AgentExecutor` running ADK agents (Python
 * `A2aAgentExecutor`, its default path): each request runs the agent on the
 * session named by its context id (created on first use; user: the caller's
 * user name, else `A2A_USER_<contextId>`). The `beforeAgent` interceptors
 * run first; a new task is then published `submitted` (a follow-up on an
 * existing task republishes it, as the SDK wants a task first), then
 * `working` with `adk_app_name`/`adk_user_id`/`adk_session_id`; every ADK
 * event becomes status updates (`eventToA2aStatusUpdates`, through the
 * `afterEvent` interceptors) streamed as `working` while the
 * `TaskResultAggregator` keeps the outcome. The run ends with an artifact
 * (`lastChunk`) holding the last message's parts and `completed` when it
 * neither failed nor paused, else with `input-required` / `auth-required` /
 * `failed` (or `completed`) and the message that set it; that final update
 * (through the `afterAgent` interceptors, last first) carries the session
 * metadata plus `adk_invocation_id`, `adk_author` and `adk_event_id` of the
 * last event. An error thrown while handling fails the task with
 * `Agent execution failed. (error_id: <id>)` (the error itself is logged
 * under that id; `ADK_A2A_DEBUG_ERRORS=1` adds it to the text).
 *
 * `cancelTask` aborts the run's `abortSignal` (the model call and the
 * running tool see it; nothing more of the run is published), publishes
 * `canceled` with the status message `Task was cancelled`, then waits up to
 * `cancelWaitMs` for the run to end. A task paused in `input-required` /
 * `auth-required` has no run: it is only published `canceled`. Unknown and
 * finished tasks never reach the executor: the SDK's request handler answers
 * them `TaskNotFound` / `TaskNotCancelable`.
 */
export class A2aAgentExecutor implements AgentExecutor {
  private runnerSource: A2aAgentExecutorOptions['runner'];
  private readonly config: A2aAgentExecutorConfig;
  private readonly cancelWaitMs: number;
  private readonly running = new Map<string, RunningTask>();
  // The context of each task paused for the caller's input, for a cancel that comes while no run is in flight.
  private readonly paused = new Map<string, string>();

  constructor({
    runner,
    config = {},
    cancelWaitMs = DEFAULT_CANCEL_WAIT_MS,
  }: A2aAgentExecutorOptions) {
    this.runnerSource = runner;
    this.config = config;
    this.cancelWaitMs = cancelWaitMs;
  }

  private get interceptors() {
    return this.config.executeInterceptors ?? [];
  }

  private async runner(): Promise<Runner> {
    if (typeof this.runnerSource === 'function') this.runnerSource = await this.runnerSource();
    return this.runnerSource;
  }

  execute = async (request: RequestContext, bus: ExecutionEventBus): Promise<void> => {
    const context = await runBeforeAgent(request, this.interceptors);
    const { taskId, contextId } = context;
    const message = context.userMessage;
    const abort = new AbortController();
    let markEnded = (): void => undefined;
    const ended = new Promise<void>((resolve) => (markEnded = resolve));
    this.running.set(taskId, { abort, contextId, ended });
    this.paused.delete(taskId);
    try {
      // The SDK's stream must open with a Task (or Message) event, so a follow-up
      // turn on an existing task (an input-required answer) republishes that task first.
      bus.publish({
        kind: 'task',
        data: context.task ?? submittedTask(taskId, contextId, message),
      });
      await this.handle(context, message, bus, abort.signal);
    } catch (error) {
      if (!abort.signal.aborted) {
        const { errorId, text } = failureSummary(error);
        logger.error(`Error handling A2A request [error_id=${errorId}]`, error);
        publishStatus(bus, taskId, contextId, A2aTaskState.failed, textMessage(text, context));
      }
    } finally {
      this.running.delete(taskId);
      // A cancelled run's bus was finished by cancelTask, after its `canceled` status.
      if (!abort.signal.aborted) bus.finished();
      markEnded();
    }
  };

  cancelTask = async (taskId: string, bus: ExecutionEventBus): Promise<void> => {
    const running = this.running.get(taskId);
    this.running.delete(taskId);
    const contextId = running?.contextId ?? this.paused.get(taskId) ?? '';
    this.paused.delete(taskId);
    running?.abort.abort();
    // Published before waiting: the SDK's cancel reads the bus until it is finished, and
    // once the executor returns, the SDK finishes and drops the bus itself.
    publishStatus(
      bus,
      taskId,
      contextId,
      A2aTaskState.canceled,
      textMessage(TASK_CANCELED_MESSAGE, { taskId, contextId }),
    );
    bus.finished();
    if (running) await endedOrTimeout(running.ended, this.cancelWaitMs);
  };

  private async handle(
    context: RequestContext,
    message: Message,
    bus: ExecutionEventBus,
    signal: AbortSignal,
  ): Promise<void> {
    const { taskId, contextId } = context;
    const runner = await this.runner();
    const {
      requestConverter = a2aRequestToRunRequest,
      eventConverter = eventToA2aStatusUpdates,
      a2aPartConverter = a2aPartToGenaiPart,
      genaiPartConverter = genaiPartToA2aPart,
    } = this.config;
    const run = requestConverter({
      message,
      contextId,
      metadata: context.request.metadata,
      userName: context.context.user?.userName,
      partConverter: a2aPartConverter,
    });
    const session = { appName: runner.appName, userId: run.userId, sessionId: run.sessionId };
    const existing = await runner.sessionService.getSession(session);
    if (!existing) await runner.sessionService.createSession({ ...session, state: {} });
    const executorContext: A2aExecutorContext = { ...session, runner };
    const sessionMetadata = {
      [adkMetadataKey('app_name')]: session.appName,
      [adkMetadataKey('user_id')]: session.userId,
      [adkMetadataKey('session_id')]: session.sessionId,
    };
    publishStatus(bus, taskId, contextId, A2aTaskState.working, undefined, sessionMetadata);

    const aggregator = new TaskResultAggregator();
    let last: Event | undefined;
    for await (const event of runner.runAsync({ ...run, abortSignal: signal })) {
      if (signal.aborted) return;
      last = event;
      const converted = eventConverter(event, {
        session,
        taskId,
        contextId,
        partConverter: genaiPartConverter,
      });
      for (const update of converted) {
        for (const intercepted of await runAfterEvent(
          update,
          executorContext,
          event,
          this.interceptors,
        )) {
          aggregator.processEvent(intercepted);
          bus.publish({ kind: 'statusUpdate', data: intercepted });
        }
      }
    }
    if (signal.aborted) return;

    const finalUpdate = await runAfterAgent(
      executorContext,
      resultUpdate(bus, aggregator, { taskId, contextId }, finalMetadata(sessionMetadata, last)),
      this.interceptors,
    );
    const finalState = finalUpdate.status?.state;
    if (finalState === A2aTaskState.inputRequired || finalState === A2aTaskState.authRequired) {
      this.paused.set(taskId, contextId);
    }
    bus.publish({ kind: 'statusUpdate', data: finalUpdate });
  }
}

/** The session metadata plus the ids of the run's last event, carried by the final update. */
function finalMetadata(
  sessionMetadata: Record<string, unknown>,
  last: Event | undefined,
): Record<string, unknown> {
  if (!last) return { ...sessionMetadata };
  return {
    ...sessionMetadata,
    [adkMetadataKey('invocation_id')]: last.invocationId,
    [adkMetadataKey('author')]: last.author,
    [adkMetadataKey('event_id')]: last.id,
  };
}

/**
 * The task's final status from what the aggregator kept: a run that neither
 * failed nor paused has completed, and its last message's parts are first
 * published as the task's artifact (`lastChunk`).
 */
function resultUpdate(
  bus: ExecutionEventBus,
  aggregator: TaskResultAggregator,
  { taskId, contextId }: { taskId: string; contextId: string },
  metadata: Record<string, unknown>,
): TaskStatusUpdateEvent {
  const resultMessage = aggregator.taskStatusMessage;
  if (aggregator.taskState !== A2aTaskState.working) {
    return statusUpdate(taskId, contextId, aggregator.taskState, resultMessage, metadata);
  }
  if (!resultMessage?.parts.length) {
    return statusUpdate(taskId, contextId, A2aTaskState.completed, resultMessage, metadata);
  }
  bus.publish({
    kind: 'artifactUpdate',
    data: {
      taskId,
      contextId,
      artifact: {
        artifactId: newUuid(),
        name: '',
        description: '',
        parts: resultMessage.parts,
        metadata: undefined,
        extensions: [],
      },
      append: false,
      lastChunk: true,
      metadata,
    },
  });
  return statusUpdate(taskId, contextId, A2aTaskState.completed, undefined, metadata);
}

/** Resolves when `ended` does or after `ms`, whichever is first; leaves no timer behind. */
async function endedOrTimeout(ended: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  try {
    await Promise.race([ended, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function submittedTask(taskId: string, contextId: string, message: Message): Task {
  return {
    id: taskId,
    contextId,
    status: {
      state: A2aTaskState.submitted,
      message: undefined,
      timestamp: new Date().toISOString(),
    },
    artifacts: [],
    history: [{ ...message, taskId, contextId }],
    metadata: undefined,
  };
}

function statusUpdate(
  taskId: string,
  contextId: string,
  state: TaskState,
  message: Message | undefined,
  metadata?: Record<string, unknown>,
): TaskStatusUpdateEvent {
  return {
    taskId,
    contextId,
    status: {
      state,
      message: message ? { ...message, taskId, contextId } : undefined,
      timestamp: new Date().toISOString(),
    },
    metadata,
  };
}

function publishStatus(
  bus: ExecutionEventBus,
  taskId: string,
  contextId: string,
  state: TaskState,
  message: Message | undefined,
  metadata?: Record<string, unknown>,
): void {
  bus.publish({
    kind: 'statusUpdate',
    data: statusUpdate(taskId, contextId, state, message, metadata),
  });
}
