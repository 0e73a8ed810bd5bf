import { z } from 'zod';

/**
 * How an LlmAgent takes part in a conversation (ADK 2.x `LlmAgent.mode`,
 * 004 §10):
 * - `chat`: talks with the user and may transfer; the default of a sub-agent
 *   and of a root agent;
 * - `task`: receives a delegated task, works in its own isolation scope (it
 *   may ask the user questions) and ends with `finish_task`; its parent
 *   reaches it through a delegation tool, never by transfer;
 * - `single_turn`: answers one input without user replies; the default of
 *   an LlmAgent run as a workflow node.
 */
export const AgentMode = z.enum(['chat', 'task', 'single_turn']);
/** How an LlmAgent takes part in a conversation. */
export type AgentMode = z.infer<typeof AgentMode>;

/**
 * True for an agent in `task` or `single_turn` mode: reached through a
 * tool, so never a transfer target, and never offered transfer
 * instructions itself. Agents without a mode are chat agents.
 */
export function isDelegatedMode(agent: unknown): boolean {
  if (typeof agent !== 'object' || agent === null) return false;
  const mode = (agent as { mode?: unknown }).mode;
  return mode === 'task' || mode === 'single_turn';
}
