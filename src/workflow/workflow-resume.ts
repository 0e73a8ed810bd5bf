import type { InvocationContext } from '../context/invocation-context.js';
import { findFunctionCallEvent } from '../events/find-matching-function-call.js';
import type { Content } from '../types/index.js';

/** Where a root workflow's run starts: the invocation it replays and its input. */
export interface WorkflowResumePoint {
  /** The invocation whose recorded node runs are replayed. */
  replayInvocationId: string;
  /** The graph's input: the user's message that started that invocation. */
  input: Content | undefined;
}

/**
 * Finds what a root workflow resumes (Python's Runner passing the answers of
 * `new_message` as resume inputs). When the user's message answers a call
 * made by a node of `workflowName` (its event's `nodeInfo.path` starts with
 * `<workflowName>@`), the run replays that call's invocation, whatever the
 * current invocation is (a resumable app resumes the same one; another app
 * starts a new one), and the graph's input is that invocation's first user
 * message that is not an answer. Otherwise the run is a fresh one on the
 * user's message.
 */
export function findWorkflowResumePoint(
  context: InvocationContext,
  workflowName: string,
): WorkflowResumePoint {
  const events = context.session.events;
  let replayInvocationId = context.invocationId;
  for (const part of context.userContent?.parts ?? []) {
    const id = part.functionResponse?.id;
    if (!id) continue;
    const call = findFunctionCallEvent(events, id);
    const path = call?.nodeInfo?.path ?? '';
    if (call && path.startsWith(`${workflowName}@`)) {
      replayInvocationId = call.invocationId;
      break;
    }
  }
  const started = events.find(
    (event) =>
      event.invocationId === replayInvocationId &&
      event.author === 'user' &&
      !(event.content?.parts ?? []).some((part) => part.functionResponse),
  );
  return { replayInvocationId, input: started?.content ?? context.userContent };
}
