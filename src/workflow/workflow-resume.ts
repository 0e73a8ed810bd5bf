import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { findFunctionCallEvent } from '../events/find-matching-function-call.js';
import type { Content } from '../types/index.js';
import { firstReplayedEventIndex } from './first-replayed-event.js';

/** Where a root workflow's run starts: the invocations it replays and its input. */
export interface WorkflowResumePoint {
  /** The invocations whose recorded node runs are replayed (the current one included). */
  replayInvocationIds: ReadonlySet<string>;
  /** The graph's input: the user's message that started the first of them. */
  input: Content | undefined;
}

/**
 * Finds what a root workflow resumes (Python's Runner passing the answers of
 * `new_message` as resume inputs). A user message that answers a call made
 * by a node of `workflowName` (its event's `nodeInfo.path` starts with
 * `<workflowName>@`) resumes the invocation of that call. A resumable app
 * resumes it in place; an app that is not resumable starts a new
 * invocation, which itself may have resumed an earlier one: the whole chain
 * is replayed. The graph's input is the chain's first user message that is
 * not an answer; a message that answers nothing starts a fresh run on it.
 */
export function findWorkflowResumePoint(
  context: InvocationContext,
  workflowName: string,
): WorkflowResumePoint {
  const events = context.session.events;
  const chain = new Set<string>([context.invocationId]);
  let current: string | undefined = answeredInvocation(events, context.userContent, workflowName);
  while (current !== undefined && !chain.has(current)) {
    chain.add(current);
    const started = firstUserEvent(context, current);
    current = started ? answeredInvocation(events, started.content, workflowName) : undefined;
  }
  const origin = firstUserEvent(context, [...chain].at(-1) ?? '', true);
  const input = origin?.content ?? context.userContent;
  return { replayInvocationIds: chain, input };
}

/** The invocation of the first workflow-node call that `content` answers, if any. */
function answeredInvocation(
  events: readonly Event[],
  content: Content | undefined,
  workflowName: string,
): string | undefined {
  for (const part of content?.parts ?? []) {
    const id = part.functionResponse?.id;
    if (!id) continue;
    const call = findFunctionCallEvent(events, id);
    if (call && (call.nodeInfo?.path ?? '').startsWith(`${workflowName}@`)) {
      return call.invocationId;
    }
  }
  return undefined;
}

/**
 * The first user event of `invocationId`; with `notAnswer`, the first that
 * answers no call. The search starts at the invocation's first event: the
 * events before it are only compared by invocation.
 */
function firstUserEvent(
  context: InvocationContext,
  invocationId: string,
  notAnswer = false,
): Event | undefined {
  const events = context.session.events;
  for (
    let index = firstReplayedEventIndex(context, new Set([invocationId]));
    index < events.length;
    index++
  ) {
    const event = events[index]!;
    if (
      event.invocationId === invocationId &&
      event.author === 'user' &&
      (!notAnswer || !(event.content?.parts ?? []).some((part) => part.functionResponse))
    ) {
      return event;
    }
  }
  return undefined;
}
