import { createEvent } from '../events/event.js';
import { setOwn } from '../utils/get-own.js';
import type { NodeRunContext } from './node-run-context.js';
import type { WorkflowLoopState } from './workflow-loop-state.js';

/**
 * Records node statuses on a resumable session (Python
 * `Workflow._emit_node_checkpoint`): an event by the workflow whose
 * `actions.agentState` is `{ nodes: { <name>: { status, interrupts } } }`,
 * status being NodeStatus's number. Resume inputs are left out (they may
 * hold a credential). Nothing is written when the app is not resumable:
 * the state is then rebuilt from the other events.
 */
export async function emitNodeCheckpoint(
  workflowName: string,
  loop: WorkflowLoopState,
  ctx: NodeRunContext,
): Promise<void> {
  const ic = ctx.invocation;
  if (!ic.isResumable) return;
  const nodes: Record<string, unknown> = {};
  for (const [name, state] of loop.nodes) {
    setOwn(nodes, name, { status: state.status, interrupts: [...state.interrupts] });
  }
  await ctx.services.channel.emit(
    createEvent({
      invocationId: ic.invocationId,
      author: workflowName,
      ...(ic.branch === undefined ? {} : { branch: ic.branch }),
      actions: { agentState: { nodes } },
    }),
  );
}

/**
 * Marks a resumable session's workflow run as finished (Python
 * `Workflow._emit_end_of_agent`): an event by the workflow with
 * `actions.endOfAgent`. Nothing is written when the app is not resumable.
 */
export async function emitEndOfAgent(workflowName: string, ctx: NodeRunContext): Promise<void> {
  const ic = ctx.invocation;
  if (!ic.isResumable) return;
  await ctx.services.channel.emit(
    createEvent({
      invocationId: ic.invocationId,
      author: workflowName,
      ...(ic.branch === undefined ? {} : { branch: ic.branch }),
      actions: { endOfAgent: true },
    }),
  );
}

/**
 * Sends a replayed node's recorded output again on a resumable session
 * (Python `_maybe_reemit_replayed_output`), so the resumed stream holds
 * every output: an event by the workflow with the output and the node's
 * path. Nothing is sent for a run without output or a session that is not
 * resumable.
 */
export async function reemitReplayedOutput(
  workflowName: string,
  child: NodeRunContext,
  ctx: NodeRunContext,
): Promise<void> {
  const ic = ctx.invocation;
  if (!ic.isResumable || child.output === undefined || child.output === null) return;
  await ctx.services.channel.emit(
    createEvent({
      invocationId: ic.invocationId,
      author: workflowName,
      ...(ic.branch === undefined ? {} : { branch: ic.branch }),
      output: child.output,
      nodeInfo: { path: child.nodePath },
    }),
  );
}
