import { appendInstructions } from '../../models/llm-request.js';
import type { LlmRequestProcessor } from '../llm-processor.js';

/**
 * Tells the model who it is (spec 000 §3.5): `You are an agent. Your
 * internal name is "<name>".`, plus ` The description about you is
 * "<description>".` when the agent has one.
 */
export const identityRequestProcessor: LlmRequestProcessor = {
  async *runAsync(_context, request, agent) {
    let instruction = `You are an agent. Your internal name is "${agent.name}".`;
    if (agent.description) instruction += ` The description about you is "${agent.description}".`;
    appendInstructions(request, [instruction]);
  },
};
