/**
 * Agent checkpoints are stored in `actions.agentState` exactly as Python
 * dumps its state models, with snake_case field names, so a session can be
 * resumed by either implementation.
 */

/** Checkpoint of a SequentialAgent (Python `SequentialAgentState`). */
export interface SequentialAgentState {
  current_sub_agent: string;
}

/** Checkpoint of a LoopAgent (Python `LoopAgentState`). */
export interface LoopAgentState {
  current_sub_agent: string;
  times_looped: number;
}

/** Reads `current_sub_agent` from a stored checkpoint; '' when absent. */
export function readCurrentSubAgent(state: Readonly<Record<string, unknown>>): string {
  const value = state['current_sub_agent'];
  return typeof value === 'string' ? value : '';
}

/** Reads `times_looped` from a stored checkpoint; 0 when absent. */
export function readTimesLooped(state: Readonly<Record<string, unknown>>): number {
  const value = state['times_looped'];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
