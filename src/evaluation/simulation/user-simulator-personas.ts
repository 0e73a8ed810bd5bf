import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import type { UserBehavior, UserPersona } from '../conversation-scenarios.js';

/** The behavior's instructions as the prompts list them (Python `get_behavior_instructions_str`). */
export function behaviorInstructionsText(behavior: UserBehavior): string {
  return behavior.behaviorInstructions.map((instruction) => `  * ${instruction}`).join('\n');
}

/** The behavior's violation rubrics as the prompts list them (Python `get_violation_rubrics_str`). */
export function violationRubricsText(behavior: UserBehavior): string {
  return behavior.violationRubrics.map((rubric) => `  * ${rubric}`).join('\n');
}

/**
 * Personas by id (Python `UserPersonaRegistry`). A scenario naming its
 * persona by id is resolved here.
 */
export class UserPersonaRegistry {
  private readonly personas = new Map<string, UserPersona>();

  /** The persona registered under `personaId`; throws `InvalidArgumentError` naming the known ids when there is none. */
  getPersona(personaId: string): UserPersona {
    const persona = this.personas.get(personaId);
    if (!persona) {
      throw new InvalidArgumentError({
        message:
          `${personaId} not found in registry. ` +
          `Known personas: ${[...this.personas.keys()].join(', ') || 'none'}.`,
        argument: 'user_persona',
      });
    }
    return persona;
  }

  /** Registers a copy of `userPersona` under `personaId`, replacing any earlier one. */
  registerPersona(personaId: string, userPersona: UserPersona): void {
    this.personas.set(personaId, structuredClone(userPersona));
  }

  /** The registered personas, in registration order. */
  getRegisteredPersonas(): UserPersona[] {
    return [...this.personas.values()];
  }
}
