import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { getFunctionCalls, getFunctionResponses } from '../events/event-predicates.js';
import type { ToolUnion } from '../flows/llm-agent-contract.js';
import {
  FINISH_TASK_TOOL_NAME,
  isFinishTaskTerminalResponse,
  isFinishTaskTool,
} from '../tools/finish-task-tool.js';
import { setOwn } from '../utils/get-own.js';
import type { BaseAgent } from './base-agent.js';

/** How a task agent's run ended: finished with an output, or waiting for the user. */
export type TaskOutcome = { finished: true; output: unknown } | { finished: false };

/** What `runTaskAgent` reads of the task agent besides running it. */
type TaskAgent = BaseAgent & { readonly tools?: readonly ToolUnion[]; readonly outputKey?: string };

/**
 * Runs a task-mode agent in `context` (which carries the task's isolation
 * scope) and yields its events, each stamped with that scope unless it has
 * one (Python `run_llm_agent_as_node`, task mode, with NodeRunner's
 * stamping). The latest non-partial `finish_task` call is remembered; when
 * a terminal `finish_task` response follows (its validation passed), the
 * call's arguments (unwrapped for a non-object schema) become the task's
 * output: set as that response event's `output`, saved to the agent's
 * `outputKey`, and returned. A validation error leaves the task running:
 * the model reads the error and calls again. A run that ends without a
 * terminal response (the agent asked the user something) returns
 * `{finished: false}`: the task waits for the user's next message.
 */
export async function* runTaskAgent(
  agent: TaskAgent,
  context: InvocationContext,
): AsyncGenerator<Event, TaskOutcome, undefined> {
  const scope = context.isolationScope;
  const finishTool = agent.tools?.find(isFinishTaskTool);
  let pendingArgs: Record<string, unknown> | undefined;
  for await (const event of agent.runAsync(context)) {
    if (scope !== undefined && event.isolationScope === undefined) event.isolationScope = scope;
    const finishCall = event.partial
      ? undefined
      : getFunctionCalls(event).find((call) => call.name === FINISH_TASK_TOOL_NAME);
    if (finishCall) {
      pendingArgs = { ...(finishCall.args ?? {}) };
      yield event;
      continue;
    }
    if (
      pendingArgs !== undefined &&
      getFunctionResponses(event).some(isFinishTaskTerminalResponse)
    ) {
      const output = finishTool ? finishTool.extractOutput(pendingArgs) : pendingArgs;
      event.output = output;
      if (agent.outputKey && output !== undefined) {
        setOwn(event.actions.stateDelta, agent.outputKey, output);
      }
      yield event;
      return { finished: true, output };
    }
    yield event;
  }
  return { finished: false };
}
