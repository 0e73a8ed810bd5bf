import type { Event } from '../events/event.js';
import { isFinishTaskTerminalResponse } from '../tools/finish-task-tool.js';

/** A task still waiting for the user: the scope its events carry and the invocation it was last active in. */
export interface ActiveTaskScope {
  isolationScope: string;
  invocationId: string;
}

/**
 * The task a new user message belongs to (Python
 * `runners._find_active_task_scope`): the scope of the latest scoped event
 * whose task has not ended. A task ends with a terminal `finish_task`
 * response (success or reported failure) carried by an event of its scope;
 * a validation-error response leaves it open, since the task agent will try
 * again. The ended scopes are collected first, over the whole session,
 * because events after a task's end (a duplicate response, a status event)
 * may still carry its scope. The Runner asks once per new message, a cost
 * of the order of reading the session it has just done.
 */
export function findActiveTaskScope(events: readonly Event[]): ActiveTaskScope | undefined {
  const finished = new Set<string>();
  for (const event of events) {
    const scope = event.isolationScope;
    if (!scope) continue;
    for (const part of event.content?.parts ?? []) {
      const response = part.functionResponse;
      if (response && isFinishTaskTerminalResponse(response)) {
        finished.add(scope);
        break;
      }
    }
  }
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index]!;
    const scope = event.isolationScope;
    if (scope && !finished.has(scope)) {
      return { isolationScope: scope, invocationId: event.invocationId };
    }
  }
  return undefined;
}
