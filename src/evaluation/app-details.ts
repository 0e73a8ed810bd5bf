import { z } from 'zod';
import { TOOL_CASING_RULE } from '../events/genai-casing.js';
import { dictRule, modelRule } from '../events/json-casing.js';

/** What the eval system knows of one agent of an app (Python `AgentDetails`). */
export const AgentDetails = z.looseObject({
  /** The agent's name, unique in its app. */
  name: z.string(),
  /** The instructions set on the agent. */
  instructions: z.string().default(''),
  /**
   * The tools available to the agent, as genai `Tool` declarations
   * (camelCase in memory like every genai object; schema property names and
   * JSON schemas as written).
   */
  toolDeclarations: z.array(z.unknown()).default(() => []),
});
/** What the eval system knows of one agent of an app. */
export type AgentDetails = z.infer<typeof AgentDetails>;

/** A projection of an app (the agentic system) relevant to evaluation (Python `AppDetails`). */
export const AppDetails = z.looseObject({
  /** Agent name → its details. */
  agentDetails: z.record(z.string(), AgentDetails).default(() => ({})),
});
/** A projection of an app relevant to evaluation. */
export type AppDetails = z.infer<typeof AppDetails>;

/** The casing table of `AppDetails`: agent names are kept as written, tool declarations are genai `Tool`s. */
export const APP_DETAILS_CASING_RULE = modelRule(
  {
    agentDetails: dictRule(
      modelRule(
        { toolDeclarations: TOOL_CASING_RULE },
        { defaults: { instructions: '', toolDeclarations: [] } },
      ),
    ),
  },
  { defaults: { agentDetails: {} } },
);
