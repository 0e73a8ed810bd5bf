import { FunctionTool } from './function-tool.js';

/** The name of the live sequence's completion tool, as the model sees it. */
export const TASK_COMPLETED_TOOL_NAME = 'task_completed';

// Python's docstring of the `task_completed` function SequentialAgent defines, verbatim.
const description =
  "\n        Signals that the agent has successfully completed the user's question\n        or task.\n        ";

/**
 * What a live SequentialAgent appends to each LLM sub-agent's instruction
 * (Python's text, verbatim, appended without a separator).
 */
export const TASK_COMPLETED_INSTRUCTION =
  "If you finished the user's request\n          according to its description, call the task_completed function\n          to exit so the next agents can take over. When calling this function,\n          do not generate any text other than the function call.";

/**
 * The `task_completed` tool a SequentialAgent gives its LLM sub-agents in a
 * live run (Python `SequentialAgent._run_live_impl`): a live stream has no
 * natural end, so the model calls it to say its part is done. It answers
 * `'Task completion signaled.'` (`{result: …}` to the model); the live
 * flow then ends that agent's session and the sequence goes on.
 */
export class TaskCompletedTool extends FunctionTool {
  constructor() {
    super({
      name: TASK_COMPLETED_TOOL_NAME,
      description,
      response: {},
      execute: () => 'Task completion signaled.',
    });
  }
}
