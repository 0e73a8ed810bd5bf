import type { AgentExecutor, ExecutionEventBus, RequestContext } from '@a2a-js/sdk/server';
import type { Message, Task, TaskState } from '@a2a-js/sdk';
import { randomUUID } from 'node:crypto';
import type { Event } from '../../events/event.js';
import type { Runner } from '../../runner/runner.js';
import { A2aTaskState } from '../converters/a2a-enums.js';
import { eventToA2aStatusUpdates, textMessage } from '../converters/event-converter.js';
import { adkMetadataKey } from '../converters/metadata-keys.js';
import { a2aRequestToRunRequest } from '../converters/request-converter.js';
import { TaskResultAggregator } from './task-result-aggregator.js';

/** Options of `A2aAgentExecutor`. */
export interface A2aAgentExecutorOptions {
  /** The runner requests run on, or a function giving it (called once, on first use). */
  runner: Runner | (() => Runner | Promise<Runner>);
}

/**
 * The A2A SDK's `AgentExecutor` running ADK agents (Python
 * `A2aAgentExecutor`): each request runs the agent on the session named by
 * its context id (created on first use, user `A2A_USER_<contextId>` unless
 * the caller authenticated). A new task is published `submitted` (a follow-up
 * on an existing task republishes it), then
 * `working`; every ADK event becomes status updates (`eventToA2aStatusUpdates`)
 * streamed as `working`; the task ends `completed` with the last message as
 * an artifact, or `input-required` / `auth-required` / `failed` with the
 * message that caused it. An error thrown by the run fails the task with its
 * message. `cancelTask` aborts the run and publishes `canceled`.
 */
export class A2aAgentExecutor implements AgentExecutor {
  private runnerSource: A2aAgentExecutorOptions['runner'];
  private readonly running = new Map<string, { abort: AbortController; contextId: string }>();

  constructor({ runner }: A2aAgentExecutorOptions) {
    this.runnerSource = runner;
  }

  private async runner(): Promise<Runner> {
    if (typeof this.runnerSource === 'function') this.runnerSource = await this.runnerSource();
    return this.runnerSource;
  }

  execute = async (context: RequestContext, bus: ExecutionEventBus): Promise<void> => {
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
        const text = error instanceof Error ? error.message : String(error);
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
    const user = context.context.user;
    const run = a2aRequestToRunRequest({
      message,
      contextId,
      metadata: context.request.metadata,
      authenticatedUser: user?.isAuthenticated ? user.userName : undefined,
    });
    const session = { appName: runner.appName, userId: run.userId, sessionId: run.sessionId };
    const existing = await runner.sessionService.getSession(session);
    if (!existing) await runner.sessionService.createSession(session);
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
      for (const update of eventToA2aStatusUpdates(event, { session, taskId, contextId })) {
        aggregator.processEvent(update);
        bus.publish({ kind: 'statusUpdate', data: update });
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
    if (aggregator.taskState === A2aTaskState.working && resultMessage?.parts.length) {
      bus.publish({
        kind: 'artifactUpdate',
        data: {
          taskId,
          contextId,
          artifact: {
            artifactId: randomUUID(),
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
      publishStatus(bus, taskId, contextId, A2aTaskState.completed, undefined, finalMetadata);
      return;
    }
    const state =
      aggregator.taskState === A2aTaskState.working ? A2aTaskState.completed : aggregator.taskState;
    publishStatus(bus, taskId, contextId, state, resultMessage, finalMetadata);
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
    data: {
      taskId,
      contextId,
      status: {
        state,
        message: message ? { ...message, taskId, contextId } : undefined,
        timestamp: new Date().toISOString(),
      },
      metadata,
    },
  });
}
