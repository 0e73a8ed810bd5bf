import type { Context } from '../context/context.js';
import type { ReadonlyContext } from '../context/readonly-context.js';
import type { LlmRequest } from '../models/llm-request.js';
import type { Part } from '../types/index.js';

/**
 * A planner shapes how the model reasons (Python `BasePlanner`): it may add
 * a planning instruction to each request and rework each response's parts
 * (for example marking reasoning as thought).
 */
export abstract class BasePlanner {
  /** The instruction to append to the system instruction, if any. */
  abstract buildPlanningInstruction(
    context: ReadonlyContext,
    request: LlmRequest,
  ): string | undefined;

  /** The response parts to keep (reworked), or undefined to keep them as they are. */
  abstract processPlanningResponse(
    context: Context,
    responseParts: readonly Part[],
  ): Part[] | undefined;
}
