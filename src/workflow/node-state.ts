import { z } from 'zod';
import { setOwn } from '../utils/get-own.js';
import { NodeStatus, isNodeStatus } from './node-status.js';

/**
 * The scheduler's record of one node (Python `NodeState`, 004 §3). The run's
 * output is not kept here: it travels on the node's output event.
 */
export interface NodeState {
  /** Where the node is in its lifecycle. */
  status: NodeStatus;
  /** The input the node was (or will be) run with. */
  input: unknown;
  /** The attempt now running or last run, from 1; in memory only (004 §2). */
  attemptCount: number;
  /** Interrupt ids still unanswered; meaningful only while WAITING. */
  interrupts: string[];
  /** Answers to the node's interrupts, by interrupt id. */
  resumeInputs: Record<string, unknown>;
  /** How many fresh run ids the node has been given; keeps ids unique. */
  runCounter: number;
  /** The current run's id (`1`, `2`, … or a caller's own); unset until scheduled. */
  runId: string | undefined;
  /** The run id of the node that started this one with `ctx.runNode`. */
  parentRunId: string | undefined;
}

/** A NodeState with Python's defaults (INACTIVE, attempt 1, nothing pending), plus `fields`. */
export function createNodeState(fields: Partial<NodeState> = {}): NodeState {
  return {
    status: fields.status ?? NodeStatus.INACTIVE,
    input: fields.input,
    attemptCount: fields.attemptCount ?? 1,
    interrupts: [...(fields.interrupts ?? [])],
    resumeInputs: { ...fields.resumeInputs },
    runCounter: fields.runCounter ?? 0,
    runId: fields.runId,
    parentRunId: fields.parentRunId,
  };
}

/**
 * A NodeState as it is checkpointed: Python's snake_case field names, every
 * field optional (Python fills its defaults), unknown fields ignored (Python's
 * `extra='ignore'`). `status` is the enum's number.
 */
export const NodeStateCheckpoint = z.object({
  status: z
    .number()
    .refine(isNodeStatus, { message: 'status must be a NodeStatus value (0-6)' })
    .optional(),
  input: z.unknown().optional(),
  attempt_count: z.number().int().min(1).optional(),
  interrupts: z.array(z.string()).optional(),
  resume_inputs: z.record(z.string(), z.unknown()).optional(),
  run_counter: z.number().int().min(0).optional(),
  run_id: z.string().nullable().optional(),
  parent_run_id: z.string().nullable().optional(),
});
/** A NodeState as it is checkpointed (snake_case, defaults omitted). */
export type NodeStateCheckpoint = z.infer<typeof NodeStateCheckpoint>;

/**
 * The compact checkpoint of `state`: `status` always, every other field only
 * when it differs from its default, so a node that completed on its first
 * attempt is `{"status": 3}` (004 §3).
 */
export function nodeStateToCheckpoint(state: NodeState): NodeStateCheckpoint {
  const checkpoint: Record<string, unknown> = { status: state.status };
  if (state.input !== undefined && state.input !== null) checkpoint.input = state.input;
  if (state.attemptCount !== 1) checkpoint.attempt_count = state.attemptCount;
  if (state.interrupts.length > 0) checkpoint.interrupts = [...state.interrupts];
  if (Object.keys(state.resumeInputs).length > 0) {
    const resumeInputs: Record<string, unknown> = {};
    for (const [id, value] of Object.entries(state.resumeInputs)) setOwn(resumeInputs, id, value);
    checkpoint.resume_inputs = resumeInputs;
  }
  if (state.runCounter !== 0) checkpoint.run_counter = state.runCounter;
  if (state.runId !== undefined) checkpoint.run_id = state.runId;
  if (state.parentRunId !== undefined) checkpoint.parent_run_id = state.parentRunId;
  return checkpoint as NodeStateCheckpoint;
}

/**
 * Reads a checkpoint written by either runtime back into a NodeState, with
 * defaults for what was omitted. Throws zod's error when a field has the
 * wrong type.
 */
export function nodeStateFromCheckpoint(json: unknown): NodeState {
  const checkpoint = NodeStateCheckpoint.parse(json);
  // zod's record drops a `__proto__` key; interrupt ids are data, so they are
  // copied from the validated source itself.
  const rawResumeInputs = (json as { resume_inputs?: Record<string, unknown> }).resume_inputs ?? {};
  const resumeInputs: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(rawResumeInputs)) setOwn(resumeInputs, id, value);
  return createNodeState({
    status: (checkpoint.status ?? NodeStatus.INACTIVE) as NodeStatus,
    input: checkpoint.input ?? undefined,
    attemptCount: checkpoint.attempt_count ?? 1,
    interrupts: checkpoint.interrupts ?? [],
    resumeInputs,
    runCounter: checkpoint.run_counter ?? 0,
    runId: checkpoint.run_id ?? undefined,
    parentRunId: checkpoint.parent_run_id ?? undefined,
  });
}
