import { z } from 'zod';
import { VERBATIM, dictRule, modelRule } from '../events/json-casing.js';

/** What the eval system knows of one agent of an app (Python `AgentDetails`). */
export const AgentDetails = z.looseObject({
  /** The agent's name, unique in its app. */
  name: z.string(),
  /** The instructions set on the agent. */
  instructions: z.string().default(''),
  /** The tools available to the agent, as genai `Tool` declarations (kept as written). */
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

/** The casing table of `AppDetails`: agent names and tool declarations are kept as written. */
export const APP_DETAILS_CASING_RULE = modelRule(
  {
    agentDetails: dictRule(
      modelRule(
        { toolDeclarations: VERBATIM },
        { defaults: { instructions: '', toolDeclarations: [] } },
      ),
    ),
  },
  { defaults: { agentDetails: {} } },
);
