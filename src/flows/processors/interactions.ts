import type { LlmRequestProcessor } from '../llm-processor.js';

/**
 * Stateful Interactions API chaining (spec 000 Appendix A #8): for a model
 * that uses the Interactions API (`useInteractionsApi`), the request carries
 * the interaction id of this agent's latest response on its branch. Other
 * models pass through.
 */
export const interactionsRequestProcessor: LlmRequestProcessor = {
  async *runAsync(context, request, agent) {
    const model = agent.canonicalModel as { useInteractionsApi?: boolean };
    if (model.useInteractionsApi !== true) return;
    const branch = context.branch;
    const events = context.session.events;
    for (let index = events.length - 1; index >= 0; index--) {
      const event = events[index]!;
      const inBranch =
        !branch ||
        !event.branch ||
        branch === event.branch ||
        branch.startsWith(`${event.branch}.`);
      if (!inBranch) continue;
      if (event.author === agent.name && event.interactionId) {
        request.previousInteractionId = event.interactionId;
        return;
      }
    }
  },
};
