import type { RequestContext } from '@a2a-js/sdk/server';
import type { TaskStatusUpdateEvent } from '@a2a-js/sdk';
import type { Event } from '../../events/event.js';
import type { Runner } from '../../runner/runner.js';
import { toList } from '../../utils/to-list.js';

/** The run an executed request became, as interceptors see it (Python `ExecutorContext`). */
export interface A2aExecutorContext {
  appName: string;
  userId: string;
  sessionId: string;
  runner: Runner;
}

/** Hooks around `A2aAgentExecutor.execute` (Python `ExecuteInterceptor`). */
export interface A2aExecuteInterceptor {
  /** Before the task is submitted: may replace the request context. */
  beforeAgent?: (context: RequestContext) => Promise<RequestContext> | RequestContext;
  /**
   * After an ADK event became an A2A update: returns the update(s) to publish
   * instead; `undefined` or `[]` drops it and skips the interceptors after this one.
   */
  afterEvent?: (
    context: A2aExecutorContext,
    update: TaskStatusUpdateEvent,
    event: Event,
  ) =>
    | Promise<TaskStatusUpdateEvent | TaskStatusUpdateEvent[] | undefined>
    | TaskStatusUpdateEvent
    | TaskStatusUpdateEvent[]
    | undefined;
  /** Before the final update is published: returns the update to publish instead. */
  afterAgent?: (
    context: A2aExecutorContext,
    finalUpdate: TaskStatusUpdateEvent,
  ) => Promise<TaskStatusUpdateEvent> | TaskStatusUpdateEvent;
}

/** `context` through each interceptor's `beforeAgent`, in order. */
export async function runBeforeAgent(
  context: RequestContext,
  interceptors: readonly A2aExecuteInterceptor[],
): Promise<RequestContext> {
  for (const interceptor of interceptors) {
    if (interceptor.beforeAgent) context = await interceptor.beforeAgent(context);
  }
  return context;
}

/** `update` through each interceptor's `afterEvent`, in order; `[]` once one drops them all. */
export async function runAfterEvent(
  update: TaskStatusUpdateEvent,
  context: A2aExecutorContext,
  event: Event,
  interceptors: readonly A2aExecuteInterceptor[],
): Promise<TaskStatusUpdateEvent[]> {
  let updates = [update];
  for (const interceptor of interceptors) {
    if (!interceptor.afterEvent) continue;
    const next: TaskStatusUpdateEvent[] = [];
    for (const current of updates) {
      next.push(...toList(await interceptor.afterEvent(context, current, event)));
    }
    updates = next;
    if (updates.length === 0) return [];
  }
  return updates;
}

/** `finalUpdate` through each interceptor's `afterAgent`, last interceptor first. */
export async function runAfterAgent(
  context: A2aExecutorContext,
  finalUpdate: TaskStatusUpdateEvent,
  interceptors: readonly A2aExecuteInterceptor[],
): Promise<TaskStatusUpdateEvent> {
  for (const interceptor of [...interceptors].reverse()) {
    if (interceptor.afterAgent) finalUpdate = await interceptor.afterAgent(context, finalUpdate);
  }
  return finalUpdate;
}
