import type { Context } from '../context/context.js';
import { FunctionTool } from './function-tool.js';

/** The name of the exit-loop tool, as the model sees it. */
export const EXIT_LOOP_TOOL_NAME = 'exit_loop';

// Python's docstring of `exit_loop`, verbatim as the conformance recordings
// show it (two-space body indentation, closing quotes on their own line).
const description =
  'Exits the loop.\n\n  Call this function only when you are instructed to do so.\n  ';

/**
 * The `exit_loop` tool (Python's `exit_loop` function wrapped as a
 * FunctionTool). Its declaration is `{description, name: "exit_loop",
 * response: {}}`, with no parameters. Calling it sets `actions.escalate`
 * and `actions.skipSummarization` and returns nothing (the function
 * response is `{result: null}`), so the enclosing `LoopAgent` stops.
 */
export class ExitLoopTool extends FunctionTool {
  constructor() {
    super({
      name: EXIT_LOOP_TOOL_NAME,
      description,
      response: {},
      execute: (_args: Record<string, unknown>, context: Context): undefined => {
        context.actions.escalate = true;
        context.actions.skipSummarization = true;
        return undefined;
      },
    });
  }
}

/** The shared `exit_loop` tool instance (Python's `exit_loop`). */
export const exitLoop = new ExitLoopTool();
