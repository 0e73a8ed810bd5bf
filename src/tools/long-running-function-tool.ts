import type { FunctionDeclaration } from '../types/index.js';
import {
  FunctionTool,
  type FunctionToolOptions,
  type FunctionToolParameters,
} from './function-tool.js';

/**
 * The note Python's `LongRunningFunctionTool` appends to the declaration's
 * description (after a blank line), verbatim.
 */
export const LONG_RUNNING_NOTE =
  'NOTE: This is a long-running operation. Do not call this tool again if it has already returned some intermediate or pending status.';

/** Options of `new LongRunningFunctionTool(...)`: those of `FunctionTool`, always long-running. */
export type LongRunningFunctionToolOptions<TParameters extends FunctionToolParameters | undefined> =
  Omit<FunctionToolOptions<TParameters>, 'isLongRunning'>;

/**
 * A function tool whose work finishes later (Python
 * `LongRunningFunctionTool`): `isLongRunning` is true, so the model event
 * lists its calls in `longRunningToolIds` and a falsy result sends no
 * function response (the client answers later with the call's id). The
 * declaration's description gets `"\n\n" + LONG_RUNNING_NOTE` appended, or
 * is the note alone when the description is empty; `description` itself
 * stays as given.
 */
export class LongRunningFunctionTool<
  TParameters extends FunctionToolParameters | undefined = undefined,
> extends FunctionTool<TParameters> {
  constructor(options: LongRunningFunctionToolOptions<TParameters>) {
    super({ ...options, isLongRunning: true });
  }

  /** The declaration, its description ending with the long-running note. */
  override getDeclaration(): FunctionDeclaration {
    const declaration = super.getDeclaration();
    declaration.description = declaration.description
      ? `${declaration.description}\n\n${LONG_RUNNING_NOTE}`
      : LONG_RUNNING_NOTE;
    return declaration;
  }
}
