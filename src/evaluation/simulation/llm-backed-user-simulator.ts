import { z } from 'zod';
import type { Event } from '../../events/event.js';
import { BaseLlm } from '../../models/base-llm.js';
import { createLlmRequest } from '../../models/llm-request.js';
import { LLMRegistry } from '../../models/registry.js';
import type { Content, GenerateContentConfig } from '../../types/index.js';
import { logger } from '../../utils/logger.js';
import { UserSimulatorError } from '../../errors/user-simulator-error.js';
import type { ConversationScenario, UserPersona } from '../conversation-scenarios.js';
import { DEFAULT_USER_SIMULATOR_STOP_SIGNAL } from '../eval-criteria.js';
import { addDefaultRetryOptionsIfNotPresent } from '../retry-options.js';
import {
  checkCustomInstructions,
  getLlmBackedUserSimulatorPrompt,
} from './llm-backed-user-simulator-prompts.js';
import { createDefaultUserPersonaRegistry } from './pre-built-personas.js';
import type { UserPersonaRegistry } from './user-simulator-personas.js';
import { type NextUserMessage, type UserSimulator, UserSimulatorStatus } from './user-simulator.js';

const USER_AUTHOR = 'user';

/**
 * Settings of the LLM-backed user simulator (Python
 * `LlmBackedUserSimulatorConfig`, the EvalConfig's `user_simulator_config`),
 * camelCase in memory. Unknown fields are kept, as Python's `extra="allow"`.
 * - `model`: a model name (resolved through `LLMRegistry`) or a model;
 *   default `gemini-2.5-flash`.
 * - `modelConfiguration`: the generation config of its calls; by default
 *   thinking with thoughts included and a 10240-token budget.
 * - `maxAllowedInvocations`: how many user turns it may produce, the
 *   starting prompt included; -1 for no limit. Default 20.
 * - `customInstructions`: a Jinja template replacing the default prompt; it
 *   must read `stop_signal`, `conversation_plan` and `conversation_history`.
 */
export const LlmBackedUserSimulatorConfig = z.looseObject({
  type: z.string().optional(),
  model: z
    .union([z.string(), z.custom<BaseLlm>((value) => value instanceof BaseLlm)])
    .default('gemini-2.5-flash'),
  modelConfiguration: z
    .custom<GenerateContentConfig>((value) => typeof value === 'object' && value !== null)
    .default(() => ({ thinkingConfig: { includeThoughts: true, thinkingBudget: 10240 } })),
  maxAllowedInvocations: z.number().int().default(20),
  customInstructions: z
    .string()
    .optional()
    .superRefine((value, context) => {
      if (value === undefined) return;
      try {
        checkCustomInstructions(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
});
export type LlmBackedUserSimulatorConfig = z.infer<typeof LlmBackedUserSimulatorConfig>;

/** Fields of an LlmBackedUserSimulator. */
export interface LlmBackedUserSimulatorOptions {
  /** The simulator's settings; parsed with `LlmBackedUserSimulatorConfig`, whose defaults fill the rest. */
  config?: z.input<typeof LlmBackedUserSimulatorConfig>;
  /** The scenario of the eval case it plays. */
  conversationScenario: ConversationScenario;
  /**
   * Where a scenario naming its persona by id finds it; default the
   * pre-built personas (`createDefaultUserPersonaRegistry`).
   */
  personaRegistry?: UserPersonaRegistry;
}

/**
 * Plays the user of a conversation scenario with an LLM (Python
 * `LlmBackedUserSimulator`): the scenario's starting prompt first, then
 * each message the model writes from the plan and the conversation so far
 * (tool calls, tool responses and thoughts left out), until it writes the
 * stop signal or `maxAllowedInvocations` turns were produced. A model that
 * writes nothing (an error code, only thoughts, an empty answer) makes it
 * throw `UserSimulatorError`.
 */
export class LlmBackedUserSimulator implements UserSimulator {
  readonly config: LlmBackedUserSimulatorConfig;
  private readonly conversationScenario: ConversationScenario;
  private readonly userPersona: UserPersona | undefined;
  private readonly llm: BaseLlm;
  private invocationCount = 0;

  constructor(options: LlmBackedUserSimulatorOptions) {
    this.config = LlmBackedUserSimulatorConfig.parse(options.config ?? {});
    this.conversationScenario = options.conversationScenario;
    this.userPersona = resolvePersona(options.conversationScenario, options.personaRegistry);
    this.llm =
      typeof this.config.model === 'string'
        ? LLMRegistry.newLlm(this.config.model)
        : this.config.model;
  }

  /** The conversation as the prompt shows it: `author: text` for each non-thought text part. */
  static summarizeConversation(events: readonly Event[]): string {
    const lines: string[] = [];
    for (const event of events) {
      for (const part of event.content?.parts ?? []) {
        if (part.text && !part.thought) lines.push(`${event.author}: ${part.text}`);
      }
    }
    return lines.join('\n\n');
  }

  async getNextUserMessage(events: readonly Event[]): Promise<NextUserMessage> {
    const limit = this.config.maxAllowedInvocations;
    if (limit >= 0 && this.invocationCount >= limit) {
      logger.warn(`LlmBackedUserSimulator invocation limit (${limit}) reached!`);
      return { status: UserSimulatorStatus.TURN_LIMIT_REACHED };
    }
    const { text, errorReason } = await this.nextText(
      LlmBackedUserSimulator.summarizeConversation(events),
    );
    this.invocationCount++;
    if (text && text.toLowerCase().includes(DEFAULT_USER_SIMULATOR_STOP_SIGNAL.toLowerCase())) {
      logger.info('Stopping user message generation as the stop signal was detected.');
      return { status: UserSimulatorStatus.STOP_SIGNAL_DETECTED };
    }
    if (text) {
      const userMessage: Content = { role: USER_AUTHOR, parts: [{ text }] };
      return { status: UserSimulatorStatus.SUCCESS, userMessage };
    }
    throw new UserSimulatorError({
      message: `Failed to generate a user message: ${errorReason ?? 'LLM returned empty response'}`,
    });
  }

  private async nextText(history: string): Promise<{ text: string; errorReason?: string }> {
    if (this.invocationCount === 0) {
      return { text: this.conversationScenario.startingPrompt };
    }
    const prompt = getLlmBackedUserSimulatorPrompt({
      conversationPlan: this.conversationScenario.conversationPlan,
      conversationHistory: history,
      stopSignal: DEFAULT_USER_SIMULATOR_STOP_SIGNAL,
      ...(this.config.customInstructions === undefined
        ? {}
        : { customInstructions: this.config.customInstructions }),
      ...(this.userPersona === undefined ? {} : { userPersona: this.userPersona }),
    });
    const request = createLlmRequest({
      model: this.llm.model,
      config: structuredClone(this.config.modelConfiguration),
      contents: [{ role: USER_AUTHOR, parts: [{ text: prompt }] }],
    });
    addDefaultRetryOptionsIfNotPresent(request);

    let text = '';
    let errorReason: string | undefined;
    let sawThoughts = false;
    for await (const response of this.llm.generateContentAsync(request)) {
      if (response.errorCode) {
        logger.warn(
          `User simulator LLM returned error: code=${response.errorCode}, message=${response.errorMessage ?? ''}`,
        );
        errorReason = `safety filters or other error (code=${response.errorCode})`;
        text = '';
        break;
      }
      for (const part of response.content?.parts ?? []) {
        if (part.thought) sawThoughts = true;
        else if (part.text) text += part.text;
      }
    }
    if (!text && !errorReason) {
      errorReason = sawThoughts
        ? 'LLM returned only thinking tokens'
        : 'LLM returned empty response';
    }
    return errorReason === undefined ? { text } : { text, errorReason };
  }
}

// Python resolves a persona id when it reads the scenario; here the data layer keeps the id.
function resolvePersona(
  scenario: ConversationScenario,
  registry: UserPersonaRegistry | undefined,
): UserPersona | undefined {
  const persona = scenario.userPersona;
  if (persona === undefined) return undefined;
  if (typeof persona !== 'string') return persona;
  return (registry ?? createDefaultUserPersonaRegistry()).getPersona(persona);
}
