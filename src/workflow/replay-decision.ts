import type { RouteValue } from '../events/event-actions.js';
import type { BaseNode } from './base-node.js';
import { unresolvedIds, type RecoveredRun } from './workflow-recovery.js';
import { isWorkflowGraphNode } from './node-span.js';
import { branchRunIds } from './branch-path.js';
import { InvocationNotResumableError } from '../errors/invocation-not-resumable-error.js';

/** What a resumed workflow does with a node run the session already recorded. */
export type ReplayDecision =
  /** Run the node, with these answers as `ctx.resumeInputs`. */
  | { kind: 'run'; resumeInputs: Record<string, unknown> }
  /** Do not run it: it finished (or its answer is its output) with this output and route. */
  | { kind: 'replay'; output: unknown; route: RouteValue | RouteValue[] | undefined }
  /** Do not run it: it still waits on these interrupts. */
  | { kind: 'wait'; interrupts: string[] }
  /**
   * Fail it: a descendant's answer resumes the node's own pending calls
   * (`pending`), and only a resumable app runs those again.
   */
  | { kind: 'not-resumable'; pending: string[] };

/**
 * Decides how a resumed workflow treats a recorded run of `node` (Python
 * `check_interception` for graph nodes):
 * - a nested workflow always runs again (it replays its own children);
 * - unanswered interrupts keep it waiting, unless the node reruns on
 *   resume, some answer arrived, and none of its own interrupts waits; an
 *   own pending call whose node's interrupt was answered on the call's
 *   branch (an agent's NodeTool call) does not wait, it resumes: in a
 *   resumable app the node runs again and its flow reruns the call; in one
 *   that is not resumable the decision is `not-resumable` (Python's flow
 *   replays a pending call only when resumable, `decide_step_resume`);
 * - a failed run runs again;
 * - a recorded output or route is replayed;
 * - all interrupts answered and no output: with `rerunOnResume` false the
 *   answer becomes the output (the one answer, or all by interrupt id),
 *   otherwise the node runs again with the answers;
 * - nothing recorded: nodes that wait for output or rerun on resume run
 *   again; the others finished without output and are replayed as such.
 */
export function decideReplay(
  node: BaseNode,
  recovered: RecoveredRun,
  { resumable }: { resumable: boolean },
): ReplayDecision {
  const answers = recovered.resolvedResponses;
  if (isWorkflowGraphNode(node)) return { kind: 'run', resumeInputs: answers };
  const unresolved = unresolvedIds(recovered.interruptIds, recovered);
  if (unresolved.length > 0) {
    // Our flow marks a NodeTool's call long-running (the 1.x event shape);
    // Python's does not, so a call whose node's interrupt was answered on the
    // call's branch is no waiting interrupt of this node: the call resumes.
    const resuming = resumingCallIds(recovered);
    const directUnresolved = unresolvedIds(recovered.directInterruptIds, recovered).filter(
      (id) => !resuming.has(id),
    );
    if (directUnresolved.length === 0 && node.rerunOnResume && recovered.resolvedIds.size > 0) {
      if (resuming.size > 0 && !resumable) return { kind: 'not-resumable', pending: [...resuming] };
      return { kind: 'run', resumeInputs: answers };
    }
    return { kind: 'wait', interrupts: unresolved };
  }
  if (recovered.failed) return { kind: 'run', resumeInputs: answers };
  const hasOutput = recovered.output !== undefined && recovered.output !== null;
  if (hasOutput || recovered.route !== undefined) {
    return { kind: 'replay', output: recovered.output, route: recovered.route };
  }
  if (recovered.interruptIds.size > 0) {
    if (node.rerunOnResume) return { kind: 'run', resumeInputs: answers };
    const values = Object.values(answers);
    const output = values.length === 1 ? values[0] : { ...answers };
    return { kind: 'replay', output, route: undefined };
  }
  if (node.waitForOutput || node.rerunOnResume) return { kind: 'run', resumeInputs: answers };
  return { kind: 'replay', output: undefined, route: undefined };
}

/**
 * The node's own pending calls that a descendant's answered interrupt
 * resumes: the interrupt was raised on a branch the call opened (Python
 * `_branch_carries_call`).
 */
function resumingCallIds(recovered: RecoveredRun): Set<string> {
  const resuming = new Set<string>();
  const pending = new Set(unresolvedIds(recovered.directInterruptIds, recovered));
  for (const id of recovered.resolvedIds) {
    for (const runId of branchRunIds(recovered.interruptBranches.get(id))) {
      if (pending.has(runId)) resuming.add(runId);
    }
  }
  return resuming;
}

/**
 * The error of a `not-resumable` decision: the node at `nodePath` got a
 * descendant's answer while its own calls still wait, which only a resumable
 * app can carry on (the LLM flow reruns a pending call only there).
 */
export function notResumableError(
  nodePath: string,
  invocationId: string,
  pending: readonly string[],
): InvocationNotResumableError {
  return new InvocationNotResumableError({
    invocationId,
    message:
      `Node '${nodePath}' cannot resume: a node it ran asked for input and was answered, but its own ` +
      `pending call (${pending.map((id) => `'${id}'`).join(', ')}) runs again only in a resumable app. ` +
      'Set resumabilityConfig: { isResumable: true } on the app or runner.',
  });
}
