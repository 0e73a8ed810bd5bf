import { z } from 'zod';
import { WorkflowDataError } from '../errors/workflow-data-error.js';
import type { State } from '../sessions/state.js';
import { setOwn } from '../utils/get-own.js';

/**
 * The state keys a FunctionNode binds (Python binds a function's other
 * parameters from `ctx.state` by name): a zod object whose keys are state
 * keys and whose fields validate their values, `.default(…)` or
 * `.optional()` for a parameter that may be missing.
 */
export type StateParams = z.ZodObject;

/**
 * Reads each declared key from `state` (Python `FunctionNode._bind_parameters`,
 * state mode): a present key's value is validated (and coerced) by its
 * field; a missing key takes the field's default, `undefined` for an
 * optional one, or fails. Throws `WorkflowDataError` naming the node and
 * the parameter.
 */
export function bindStateParams(
  nodeName: string,
  params: StateParams,
  state: State,
): Record<string, unknown> {
  const bound: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(params.shape as Record<string, z.ZodType>)) {
    const present = state.has(key);
    const result = field.safeParse(present ? state.get(key) : undefined);
    if (result.success) {
      if (result.data !== undefined) setOwn(bound, key, result.data);
      continue;
    }
    if (!present) {
      throw new WorkflowDataError({
        nodeName,
        parameter: key,
        message: `Missing value for parameter "${key}" of function "${nodeName}". It was not found in state and has no default value.`,
      });
    }
    throw new WorkflowDataError({
      nodeName,
      parameter: key,
      message: `The state value of parameter "${key}" of function "${nodeName}" does not match its schema: ${z.prettifyError(result.error)}`,
      cause: result.error,
    });
  }
  return bound;
}
