import { describe, expect, it } from 'vitest';
import { ScriptedLlm, textResponse } from '../../testing/scripted-llm.js';
import type { EvalCase } from '../eval-case.js';
import { LlmBackedUserSimulator } from './llm-backed-user-simulator.js';
import { StaticUserSimulator } from './static-user-simulator.js';
import { UserSimulatorProvider } from './user-simulator-provider.js';
import { UserSimulatorStatus } from './user-simulator.js';

const base = { evalId: 'c', creationTimestamp: 0, finalSessionState: {} };
const conversation = [
  {
    invocationId: '',
    userContent: { role: 'user', parts: [{ text: 'hi' }] },
    creationTimestamp: 0,
  },
];
const scenario = { startingPrompt: 'hi', conversationPlan: 'Say hi.' };
const model = new ScriptedLlm({ responses: [textResponse('unused')] });

describe('UserSimulatorProvider', () => {
  it('replays a fixed conversation, then reports the stop signal', async () => {
    const simulator = new UserSimulatorProvider().provide({ ...base, conversation } as EvalCase);
    expect(simulator).toBeInstanceOf(StaticUserSimulator);
    expect(await simulator.getNextUserMessage([])).toEqual({
      status: UserSimulatorStatus.SUCCESS,
      userMessage: conversation[0]!.userContent,
    });
    expect(await simulator.getNextUserMessage([])).toEqual({
      status: UserSimulatorStatus.STOP_SIGNAL_DETECTED,
    });
  });

  it('gives a scenario the LLM-backed simulator, configured from user_simulator_config', () => {
    const provider = new UserSimulatorProvider({
      userSimulatorConfig: { model, maxAllowedInvocations: 4 },
    });
    const simulator = provider.provide({ ...base, conversationScenario: scenario } as EvalCase);
    expect(simulator).toBeInstanceOf(LlmBackedUserSimulator);
    expect((simulator as LlmBackedUserSimulator).config.maxAllowedInvocations).toBe(4);
  });

  it('uses the simulator registered for the config type', async () => {
    const provider = new UserSimulatorProvider({
      userSimulatorConfig: { type: 'scripted', reply: 'yo' },
    });
    provider.registerUserSimulator('scripted', ({ config }) => ({
      getNextUserMessage: () =>
        Promise.resolve({
          status: UserSimulatorStatus.SUCCESS,
          userMessage: { role: 'user', parts: [{ text: String(config.reply) }] },
        }),
    }));
    const simulator = provider.provide({ ...base, conversationScenario: scenario } as EvalCase);
    expect(await simulator.getNextUserMessage([])).toMatchObject({
      userMessage: { parts: [{ text: 'yo' }] },
    });
  });

  it('refuses cases with both or neither conversation forms, and unknown simulator types', () => {
    const provider = new UserSimulatorProvider();
    expect(() =>
      provider.provide({ ...base, conversation, conversationScenario: scenario } as EvalCase),
    ).toThrow('Both static invocations and conversation scenario provided in EvalCase.');
    expect(() => provider.provide({ ...base } as EvalCase)).toThrow(
      'Neither static invocations nor conversation scenario provided in EvalCase.',
    );
    expect(() =>
      new UserSimulatorProvider({ userSimulatorConfig: { type: 'audio' } }).provide({
        ...base,
        conversationScenario: scenario,
      } as EvalCase),
    ).toThrow('No UserSimulator registered for config type `audio`.');
  });

  it('refuses custom instructions missing a required placeholder when the simulator is made', () => {
    const provider = new UserSimulatorProvider({
      userSimulatorConfig: { model, customInstructions: 'Only {{ conversation_plan }}' },
    });
    expect(() => provider.provide({ ...base, conversationScenario: scenario } as EvalCase)).toThrow(
      /custom_instructions must contain each of the following formatting placeholders/,
    );
  });
});
