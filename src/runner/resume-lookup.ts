import type { BaseAgent } from '../agents/base-agent.js';
import type { ActiveTaskScope } from '../agents/find-active-task-scope.js';
import { needsNodeRuntime } from '../agents/task-mode-tools.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { Event } from '../events/event.js';
import { findFunctionCallEvent } from '../events/find-matching-function-call.js';
import type { Session } from '../sessions/session.js';
import type { Content } from '../types/index.js';
import { logger } from '../utils/logger.js';

/**
 * In a resumable app, a message carrying function responses resumes the
 * invocation of the call the first response answers (it wins over an
 * explicit id); otherwise the explicit id, if any. Throws
 * `InvalidArgumentError` for a response without an id, or one whose call is
 * not in the session.
 */
export function resolveInvocationId(
  session: Session,
  newMessage: Content | undefined,
  invocationId: string | undefined,
): string | undefined {
  const response = newMessage?.parts?.find((part) => part.functionResponse)?.functionResponse;
  if (!response) return invocationId;
  if (!response.id) {
    throw new InvalidArgumentError({
      message: 'Function response id is required to resume an invocation.',
      argument: 'newMessage',
    });
  }
  const callEvent = findFunctionCallEvent(session.events, response.id);
  if (!callEvent) {
    throw new InvalidArgumentError({
      message: `Function call event not found for function response id: ${response.id}`,
      argument: 'newMessage',
    });
  }
  if (invocationId && invocationId !== callEvent.invocationId) {
    logger.warn(
      `Provided invocation_id ${invocationId} is ignored because new_message has a function ` +
        `response with invocation_id ${callEvent.invocationId}.`,
    );
  }
  return callEvent.invocationId;
}

/**
 * The user's message that started `invocationId` (the first of its user
 * events with text), which a resumed invocation is given again.
 */
export function findUserMessageForInvocation(
  events: readonly Event[],
  invocationId: string,
): Content | undefined {
  for (const event of events) {
    if (
      event.invocationId === invocationId &&
      event.author === 'user' &&
      event.content?.parts?.[0]?.text
    ) {
      return event.content;
    }
  }
  return undefined;
}

/**
 * The invocation a new message continues without resuming it (Python
 * `run_node_async`): a message for a task still waiting for the user
 * (`activeTask`) joins that task's invocation, so the task's node run is
 * found again by its run id; with a root that runs as a node, a function
 * response joins the invocation of the call it answers. Otherwise undefined
 * (a new one).
 */
export function borrowedInvocationId(
  session: Session,
  message: Content,
  activeTask: ActiveTaskScope | undefined,
  rootAgent: BaseAgent,
): string | undefined {
  const responseId = message.parts?.find((part) => part.functionResponse)?.functionResponse?.id;
  if (responseId) {
    if (!needsNodeRuntime(rootAgent)) return undefined;
    return findFunctionCallEvent(session.events, responseId)?.invocationId;
  }
  return activeTask?.invocationId;
}
