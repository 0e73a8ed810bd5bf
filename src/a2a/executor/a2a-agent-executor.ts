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

/** Options of `A2aAgentExecutor`. */
export interface A2aAgentExecutorOptions {
  /** The runner requests run on, or a function giving it (called once, on first use). */
  runner: Runner | (() => Runner | Promise<Runner>);
  /** Converters and interceptors (Python `A2aAgentExecutorConfig`); the package's own by default. */
  config?: A2aAgentExecutorConfig;
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
 * `cancelTask` aborts the run and publishes `canceled`.
 */
export class A2aAgentExecutor implements AgentExecutor {
  private runnerSource: A2aAgentExecutorOptions['runner'];
  private readonly config: A2aAgentExecutorConfig;
  private readonly running = new Map<string, { abort: AbortController; contextId: string }>();

  constructor({ runner, config = {} }: A2aAgentExecutorOptions) {
    this.runnerSource = runner;
    this.config = config;
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
    this.running.set(taskId, { abort, contextId });
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
      bus.finished();
    }
  };

  cancelTask = (taskId: string, bus: ExecutionEventBus): Promise<void> => {
    const running = this.running.get(taskId);
    running?.abort.abort();
    this.running.delete(taskId);
    publishStatus(bus, taskId, running?.contextId ?? '', A2aTaskState.canceled, undefined);
    bus.finished();
    return Promise.resolve();
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

    const finalMetadata: Record<string, unknown> = { ...sessionMetadata };
    if (last) {
      finalMetadata[adkMetadataKey('invocation_id')] = last.invocationId;
      finalMetadata[adkMetadataKey('author')] = last.author;
      finalMetadata[adkMetadataKey('event_id')] = last.id;
    }
    const resultMessage = aggregator.taskStatusMessage;
    let finalUpdate: TaskStatusUpdateEvent;
    if (aggregator.taskState === A2aTaskState.working && resultMessage?.parts.length) {
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
          metadata: finalMetadata,
        },
      });
      finalUpdate = statusUpdate(
        taskId,
        contextId,
        A2aTaskState.completed,
        undefined,
        finalMetadata,
      );
    } else {
      // A run that ends without failing or pausing has completed.
      const state =
        aggregator.taskState === A2aTaskState.working
          ? A2aTaskState.completed
          : aggregator.taskState;
      finalUpdate = statusUpdate(taskId, contextId, state, resultMessage, finalMetadata);
    }
    finalUpdate = await runAfterAgent(executorContext, finalUpdate, this.interceptors);
    bus.publish({ kind: 'statusUpdate', data: finalUpdate });
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
