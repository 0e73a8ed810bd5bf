import type { InvocationContext } from '../../context/invocation-context.js';
import { createEvent, type Event } from '../../events/event.js';
import { getFunctionResponses } from '../../events/event-predicates.js';
import { appendInstructions, appendTools } from '../../models/llm-request.js';
import {
  SET_MODEL_RESPONSE_TOOL_NAME,
  SetModelResponseTool,
} from '../../tools/set-model-response-tool.js';
import type { LlmRequestProcessor } from '../llm-processor.js';
import { canUseOutputSchemaWithTools } from '../output-schema-support.js';
import { pythonJsonDumps } from '../../utils/python-json.js';

const instruction =
  'IMPORTANT: You have access to other tools, but you must provide ' +
  'your final response using the set_model_response tool with the ' +
  'required structured format. After using any other tools needed ' +
  'to complete the task, always call set_model_response with your ' +
  'final answer in the specified schema format.';

/**
 * The output-schema workaround (spec 000 §3.8): an agent with an output
 * schema and tools, on a model that cannot take both, gets the
 * `set_model_response` tool and an instruction to answer through it.
 */
export const outputSchemaRequestProcessor: LlmRequestProcessor = {
  async *runAsync(_context, request, agent) {
    if (!agent.outputSchema || agent.tools.length === 0) return;
    if (canUseOutputSchemaWithTools(agent.canonicalModel)) return;
    appendTools(request, [new SetModelResponseTool(agent.outputSchema)]);
    appendInstructions(request, [instruction]);
  },
};

/** The structured answer given through `set_model_response`, as Python's JSON text, if any. */
export function getStructuredModelResponse(functionResponseEvent: Event): string | undefined {
  for (const response of getFunctionResponses(functionResponseEvent)) {
    if (response.name === SET_MODEL_RESPONSE_TOOL_NAME) return pythonJsonDumps(response.response);
  }
  return undefined;
}

/** The final model event carrying the structured answer as text. */
export function createFinalModelResponseEvent(
  context: InvocationContext,
  jsonResponse: string,
): Event {
  return createEvent({
    invocationId: context.invocationId,
    author: context.agent.name,
    ...(context.branch === undefined ? {} : { branch: context.branch }),
    content: { role: 'model', parts: [{ text: jsonResponse }] },
  });
}
