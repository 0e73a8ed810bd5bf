import { Context } from '../../context/context.js';
import { ReadonlyContext } from '../../context/readonly-context.js';
import { createEvent } from '../../events/event.js';
import { appendInstructions } from '../../models/llm-request.js';
import type { LlmRequestProcessor, LlmResponseProcessor } from '../llm-processor.js';
import { BuiltInPlanner } from '../../planners/built-in-planner.js';

/**
 * Planning, request side (spec 003 §15): a BuiltInPlanner sets the thinking
 * config; any planner may add its instruction; and, when the agent plans,
 * earlier thought flags are cleared from the contents. Agents without a
 * planner pass through.
 */
export const nlPlanningRequestProcessor: LlmRequestProcessor = {
  async *runAsync(context, request, agent) {
    const planner = agent.planner;
    if (!planner) return;
    if (planner instanceof BuiltInPlanner) planner.applyThinkingConfig(request);
    const instruction = planner.buildPlanningInstruction(new ReadonlyContext(context), request);
    if (instruction) appendInstructions(request, [instruction]);
    // History contents are shared and frozen: contents with thoughts are replaced by cleared copies.
    request.contents = request.contents.map((content) =>
      content.parts?.some((part) => part.thought !== undefined)
        ? { ...content, parts: content.parts.map(({ thought: _thought, ...part }) => part) }
        : content,
    );
  },
};

/**
 * Planning, response side: a non-built-in planner reworks the response's
 * parts; state it writes is yielded as an event of its own.
 */
export const nlPlanningResponseProcessor: LlmResponseProcessor = {
  async *runAsync(context, response, agent) {
    const planner = agent.planner;
    if (!planner || planner instanceof BuiltInPlanner) return;
    const parts = response.content?.parts;
    if (!parts || parts.length === 0) return;
    const callbackContext = new Context(context);
    const processed = planner.processPlanningResponse(callbackContext, parts);
    if (processed && processed.length > 0) response.content!.parts = processed;
    if (callbackContext.state.hasDelta()) {
      yield createEvent({
        invocationId: context.invocationId,
        author: agent.name,
        ...(context.branch === undefined ? {} : { branch: context.branch }),
        actions: callbackContext.actions,
      });
    }
  },
};
