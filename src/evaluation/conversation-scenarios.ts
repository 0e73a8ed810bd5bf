import { z } from 'zod';
import { modelRule } from '../events/json-casing.js';

/** One behaviour a simulated user shows (Python `UserBehavior`; snake_case only). */
export const UserBehavior = z.object({
  name: z.string(),
  /** Used in the simulator's instructions and in its evaluator's. */
  description: z.string(),
  /** Instructions the simulated user follows. */
  behaviorInstructions: z.array(z.string()),
  /** Rubrics a simulated user's reply violates when it fails to show the behaviour. */
  violationRubrics: z.array(z.string()),
});
/** One behaviour a simulated user shows. */
export type UserBehavior = z.infer<typeof UserBehavior>;

/** A persona a simulated user adopts (Python `UserPersona`; snake_case only). */
export const UserPersona = z.object({
  /** Identifier persona registries refer to. */
  id: z.string(),
  description: z.string(),
  behaviors: z.array(UserBehavior),
});
/** A persona a simulated user adopts. */
export type UserPersona = z.infer<typeof UserPersona>;

/**
 * A conversation between a simulated user and the agent under test (Python
 * `ConversationScenario`). `userPersona` is a persona, or the id of a
 * registered one (Python resolves the id when it reads the file; here the
 * user simulator resolves it, and the file keeps the id as written).
 */
export const ConversationScenario = z.looseObject({
  /** The fixed first user message given to the agent. */
  startingPrompt: z.string(),
  /** The plan the user simulator follows as it plays out the conversation. */
  conversationPlan: z.string(),
  userPersona: z.union([z.string(), UserPersona]).optional(),
});
/** A conversation between a simulated user and the agent under test. */
export type ConversationScenario = z.infer<typeof ConversationScenario>;

/** A list of scenarios, the shape of a scenarios file (Python `ConversationScenarios`). */
export const ConversationScenarios = z.looseObject({
  scenarios: z.array(ConversationScenario).default(() => []),
});
/** A list of scenarios, the shape of a scenarios file. */
export type ConversationScenarios = z.infer<typeof ConversationScenarios>;

/** A `UserBehavior` as pydantic's `model_dump()` gives it: snake_case, every field. */
export interface PythonUserBehavior {
  name: string;
  description: string;
  behavior_instructions: string[];
  violation_rubrics: string[];
}

/** A `UserPersona` as pydantic's `model_dump()` gives it: snake_case, every field. */
export interface PythonUserPersona {
  id: string;
  description: string;
  behaviors: PythonUserBehavior[];
}

/**
 * The behaviour as Python code sees it (`model_dump()`), which is what
 * adk-python hashes and renders its simulator prompts from.
 */
export function userBehaviorToPython(behavior: UserBehavior): PythonUserBehavior {
  return {
    name: behavior.name,
    description: behavior.description,
    behavior_instructions: behavior.behaviorInstructions,
    violation_rubrics: behavior.violationRubrics,
  };
}

/** The persona as Python code sees it (`model_dump()`); see `userBehaviorToPython`. */
export function userPersonaToPython(persona: UserPersona): PythonUserPersona {
  return {
    id: persona.id,
    description: persona.description,
    behaviors: persona.behaviors.map(userBehaviorToPython),
  };
}

const USER_PERSONA_CASING_RULE = modelRule(
  { behaviors: modelRule({}, { snakeCaseOnly: true }) },
  { snakeCaseOnly: true },
);

/** The casing table of a `ConversationScenario`: the persona is snake_case only. */
export const CONVERSATION_SCENARIO_CASING_RULE = modelRule({
  userPersona: USER_PERSONA_CASING_RULE,
});

/** The casing table of `ConversationScenarios`. */
export const CONVERSATION_SCENARIOS_CASING_RULE = modelRule(
  { scenarios: CONVERSATION_SCENARIO_CASING_RULE },
  { defaults: { scenarios: [] } },
);
