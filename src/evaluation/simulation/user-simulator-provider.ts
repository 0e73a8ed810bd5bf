import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import type { ConversationScenario } from '../conversation-scenarios.js';
import type { EvalCase } from '../eval-case.js';
import { LlmBackedUserSimulator } from './llm-backed-user-simulator.js';
import { StaticUserSimulator } from './static-user-simulator.js';
import type { UserSimulator } from './user-simulator.js';

/** The simulator type a config without `type` selects (Python's default config class). */
export const DEFAULT_USER_SIMULATOR_TYPE = 'llm_backed';

/** Builds the simulator of one scenario case from the eval config's `user_simulator_config`. */
export type UserSimulatorFactory = (request: {
  config: Readonly<Record<string, unknown>>;
  conversationScenario: ConversationScenario;
}) => UserSimulator;

/** Fields of a UserSimulatorProvider. */
export interface UserSimulatorProviderOptions {
  /**
   * The EvalConfig's `user_simulator_config` (camelCase): its `type`
   * chooses the simulator (default `llm_backed`), the rest configures it.
   */
  userSimulatorConfig?: Readonly<Record<string, unknown>>;
}

/**
 * Gives each eval case its user simulator (Python `UserSimulatorProvider`):
 * a case with a fixed `conversation` replays it (`StaticUserSimulator`); a
 * case with a `conversation_scenario` gets the simulator registered for the
 * config's `type`, by default the `LlmBackedUserSimulator`. Other simulator
 * types are added per provider with `registerUserSimulator`.
 */
export class UserSimulatorProvider {
  private readonly config: Readonly<Record<string, unknown>>;
  private readonly factories = new Map<string, UserSimulatorFactory>([
    [
      DEFAULT_USER_SIMULATOR_TYPE,
      ({ config, conversationScenario }) =>
        new LlmBackedUserSimulator({ config, conversationScenario }),
    ],
  ]);

  constructor(options: UserSimulatorProviderOptions = {}) {
    const config = options.userSimulatorConfig ?? {};
    if (typeof config !== 'object' || config === null || Array.isArray(config)) {
      throw new InvalidArgumentError({
        message: 'user_simulator_config must be an object.',
        argument: 'userSimulatorConfig',
      });
    }
    this.config = config;
  }

  /** Makes configs whose `type` is `type` build their simulator with `factory`. */
  registerUserSimulator(type: string, factory: UserSimulatorFactory): void {
    this.factories.set(type, factory);
  }

  /**
   * A fresh simulator for `evalCase`. Throws `InvalidArgumentError` when the
   * case has both or neither of a conversation and a scenario, or when no
   * simulator is registered for the config's type.
   */
  provide(evalCase: EvalCase): UserSimulator {
    const { conversation, conversationScenario } = evalCase;
    if (conversation !== undefined && conversation !== null) {
      if (conversationScenario !== undefined && conversationScenario !== null) {
        throw new InvalidArgumentError({
          message:
            'Both static invocations and conversation scenario provided in EvalCase. Provide exactly one.',
          argument: 'evalCase',
        });
      }
      return new StaticUserSimulator(conversation);
    }
    if (conversationScenario === undefined || conversationScenario === null) {
      throw new InvalidArgumentError({
        message:
          'Neither static invocations nor conversation scenario provided in EvalCase. Provide exactly one.',
        argument: 'evalCase',
      });
    }
    const type =
      typeof this.config.type === 'string' ? this.config.type : DEFAULT_USER_SIMULATOR_TYPE;
    const factory = this.factories.get(type);
    if (!factory) {
      throw new InvalidArgumentError({
        message:
          `No UserSimulator registered for config type \`${type}\`. Register one via ` +
          `registerUserSimulator(). Currently registered: ${[...this.factories.keys()].sort().join(', ')}.`,
        argument: 'userSimulatorConfig',
      });
    }
    return factory({ config: this.config, conversationScenario });
  }
}
