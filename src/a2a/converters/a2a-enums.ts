import type { Role, TaskState } from '@a2a-js/sdk';

/**
 * The SDK's `TaskState` values, held here so that converting does not load
 * the optional SDK (its enums exist only at run time).
 */
export const A2aTaskState = {
  submitted: 1 as TaskState.TASK_STATE_SUBMITTED,
  working: 2 as TaskState.TASK_STATE_WORKING,
  completed: 3 as TaskState.TASK_STATE_COMPLETED,
  failed: 4 as TaskState.TASK_STATE_FAILED,
  canceled: 5 as TaskState.TASK_STATE_CANCELED,
  inputRequired: 6 as TaskState.TASK_STATE_INPUT_REQUIRED,
  rejected: 7 as TaskState.TASK_STATE_REJECTED,
  authRequired: 8 as TaskState.TASK_STATE_AUTH_REQUIRED,
} as const;

/** The SDK's `Role` values, for the same reason. */
export const A2aRole = {
  user: 1 as Role.ROLE_USER,
  agent: 2 as Role.ROLE_AGENT,
} as const;

/** Whether a task in this state will not change any more. */
export function isTerminalTaskState(state: TaskState | undefined): boolean {
  return (
    state === A2aTaskState.completed ||
    state === A2aTaskState.failed ||
    state === A2aTaskState.canceled ||
    state === A2aTaskState.rejected
  );
}
