import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import {
  type JinjaFilter,
  parseJinjaTemplate,
  renderJinjaTemplate,
  undeclaredJinjaVariables,
} from './jinja-template.js';
import {
  userBehaviorToPython,
  userPersonaToPython,
  type UserPersona,
} from '../conversation-scenarios.js';
import { behaviorInstructionsText, violationRubricsText } from './user-simulator-personas.js';

// The two templates are adk-python's (`llm_backed_user_simulator_prompts.py`)
// byte for byte; they are Jinja templates rendered as Python renders them.

/** The simulator's instructions when the scenario has no persona and no custom instructions. */
export const DEFAULT_USER_SIMULATOR_INSTRUCTIONS_TEMPLATE = `You are a Simulated User designed to test an AI Agent.

Your single most important job is to react logically to the Agent's last message.
The Conversation Plan is your canonical grounding, not a script; your response MUST be dictated by what the Agent just said.

# Primary Operating Loop

You MUST follow this three-step process while thinking:

Step 1: Analyze what the Agent just said or did. Specifically, is the Agent asking you a question, reporting a successful or unsuccessful operation, or saying something incorrect or unexpected?

Step 2: Choose one action based on your analysis:
* ANSWER any questions the Agent asked.
* ADVANCE to the next request as per the Conversation Plan if the Agent succeeds in satisfying your current request.
* INTERVENE if the Agent is yet to complete your current request and the Conversation Plan requires you to modify it.
* CORRECT the Agent if it is making a mistake or failing.
* END the conversation if any of the below stopping conditions are met:
  - The Agent has completed all your requests from the Conversation Plan.
  - The Agent has failed to fulfill a request *more than once*.
  - The Agent has performed an incorrect operation and informs you that it is unable to correct it.
  - The Agent ends the conversation on its own by transferring you to a *human/live agent* (NOT another AI Agent).

Step 3: Formulate a response based on the chosen action and the below Action Protocols and output it.

# Action Protocols

**PROTOCOL: ANSWER**
* Only answer the Agent's questions using information from the Conversation Plan.
* Do NOT provide any additional information the Agent did not explicitly ask for.
* If you do not have the information requested by the Agent, inform the Agent. Do NOT make up information that is not in the Conversation Plan.
* Do NOT advance to the next request in the Conversation Plan.

**PROTOCOL: ADVANCE**
* Make the next request from the Conversation Plan.
* Skip redundant requests already fulfilled by the Agent.

**PROTOCOL: INTERVENE**
* Change your current request as directed by the Conversation Plan with natural phrasing.

**PROTOCOL: CORRECT**
* Challenge illogical or incorrect statements made by the Agent.
* If the Agent did an incorrect operation, ask the Agent to fix it.
* If this is the FIRST time the Agent failed to satisfy your request, ask the Agent to try again.

**PROTOCOL: END**
* End the conversation only when any of the stopping conditions are met; do NOT end prematurely.
* Output \`{{ stop_signal }}\` to indicate that the conversation with the AI Agents is over.

# Conversation Plan

{{ conversation_plan }}

# Conversation History

{{ conversation_history }}
`;

/** The simulator's instructions when the scenario has a persona (Python strips the template). */
export const USER_SIMULATOR_INSTRUCTIONS_WITH_PERSONA_TEMPLATE = `You are a Simulated User designed to test an AI Agent.

Your single most important job is to react logically to the Agent's last message while role-playing as the given Persona.
The Conversation Plan is your canonical grounding, not a script; your response MUST be dictated by what the Agent just said.

# Persona Description

{{ persona.description }}
This persona behaves in the following ways:
{% for b in persona.behaviors %}
## {{ b.name | render_string_filter}}
{{ b.description | render_string_filter }}

Instructions:
{{ b.get_behavior_instructions_str() | render_string_filter }}
{% endfor %}
# Conversation Plan

{{ conversation_plan }}

# Conversation History

{{ conversation_history }}`;

const REQUIRED_PARAMS = ['stop_signal', 'conversation_plan', 'conversation_history'] as const;

/**
 * Whether `template` parses as a template (the Jinja subset of
 * `parseJinjaTemplate`) reading every one of `requiredParams` (Python
 * `is_valid_user_simulator_template`).
 */
export function isValidUserSimulatorTemplate(
  template: string,
  requiredParams: readonly string[],
): boolean {
  try {
    const names = undeclaredJinjaVariables(parseJinjaTemplate(template));
    return requiredParams.every((param) => names.has(param));
  } catch (error) {
    if (InvalidArgumentError.isInstance(error)) return false;
    throw error;
  }
}

/**
 * Throws `InvalidArgumentError` unless custom simulator instructions read
 * `{{ stop_signal }}`, `{{ conversation_plan }}` and `{{ conversation_history }}`
 * (Python validates `custom_instructions` so when the config is built).
 */
export function checkCustomInstructions(customInstructions: string): void {
  if (!isValidUserSimulatorTemplate(customInstructions, REQUIRED_PARAMS)) {
    throw new InvalidArgumentError({
      message:
        'custom_instructions must contain each of the following formatting placeholders using ' +
        'Jinja syntax: {{ stop_signal }}, {{ conversation_plan }}, {{ conversation_history }}',
      argument: 'custom_instructions',
    });
  }
}

function instructionsTemplate(customInstructions?: string, userPersona?: UserPersona): string {
  if (customInstructions === undefined) {
    return userPersona === undefined
      ? DEFAULT_USER_SIMULATOR_INSTRUCTIONS_TEMPLATE
      : USER_SIMULATOR_INSTRUCTIONS_WITH_PERSONA_TEMPLATE;
  }
  if (
    userPersona !== undefined &&
    !isValidUserSimulatorTemplate(customInstructions, [...REQUIRED_PARAMS, 'persona'])
  ) {
    throw new InvalidArgumentError({
      message: `Custom instructions using personas must contain the following formatting placeholders following Jinja syntax:
* {{ stop_signal }} : text to be generated when the user simulator decides that the
  conversation is over.
* {{ conversation_plan }} : the overall plan for the conversation that the user
  simulator must follow.
* {{ conversation_history }} : the conversation between the user and the agent so far.
* {{ persona }} : UserPersona for the simulator to use.
`,
      argument: 'custom_instructions',
    });
  }
  return customInstructions;
}

/** Request of `getLlmBackedUserSimulatorPrompt`. */
export interface UserSimulatorPromptRequest {
  conversationPlan: string;
  conversationHistory: string;
  stopSignal: string;
  customInstructions?: string;
  userPersona?: UserPersona;
}

/**
 * The prompt of the LLM-backed user simulator (Python
 * `get_llm_backed_user_simulator_prompt`): the default template, the persona
 * template when the scenario has a persona, or the caller's custom
 * instructions, rendered with the plan, the history, the stop signal and
 * the persona. Persona texts are rendered too, so their `{{ stop_signal }}`
 * becomes the signal.
 */
export function getLlmBackedUserSimulatorPrompt(request: UserSimulatorPromptRequest): string {
  const template = parseJinjaTemplate(
    instructionsTemplate(request.customInstructions, request.userPersona),
  );
  const variables: Record<string, unknown> = {
    stop_signal: request.stopSignal,
    conversation_plan: request.conversationPlan,
    conversation_history: request.conversationHistory,
  };
  if (request.userPersona !== undefined) variables.persona = personaView(request.userPersona);
  return renderJinjaTemplate(template, variables, { render_string_filter: renderStringFilter });
}

// Python's filter renders the string as a template of its own, in the caller's context.
const renderStringFilter: JinjaFilter = (value, variables) => {
  if (!value) return '';
  return renderJinjaTemplate(parseJinjaTemplate(String(value)), variables, {
    render_string_filter: renderStringFilter,
  });
};

/** The persona as the Python templates see it: snake_case fields and the two helper methods. */
function personaView(persona: UserPersona): Record<string, unknown> {
  return {
    ...userPersonaToPython(persona),
    behaviors: persona.behaviors.map((behavior) => ({
      ...userBehaviorToPython(behavior),
      get_behavior_instructions_str: () => behaviorInstructionsText(behavior),
      get_violation_rubrics_str: () => violationRubricsText(behavior),
    })),
  };
}
