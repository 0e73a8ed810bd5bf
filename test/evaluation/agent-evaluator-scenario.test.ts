import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentEvaluator } from '../../src/evaluation/agent-evaluator.js';
import type { LlmResponse } from '../../src/events/llm-response.js';
import type { LlmRequest } from '../../src/models/llm-request.js';
import { LLMRegistry } from '../../src/models/registry.js';
import { ScriptedLlm, textResponse } from '../../src/testing/scripted-llm.js';
import { rootAgent } from './fixtures/dice_agent/agent.js';

const userPrompts: string[] = [];
const judgePrompts: string[] = [];

/** The simulated user's model, found by name through LLMRegistry as the config names it. */
class ScriptedUserModel extends ScriptedLlm {
  static override readonly supportedModels = ['scripted-eval-user'];
  constructor({ model }: { model: string }) {
    super({
      model,
      responses: (request: LlmRequest): LlmResponse => {
        const prompt = request.contents[0]?.parts?.[0]?.text ?? '';
        userPrompts.push(prompt);
        return textResponse(
          prompt.includes('You rolled a 17.') ? '</finished>' : 'Now a 20-sided one',
        );
      },
    });
  }
}

/** The judge of the simulated user's turns, also found by name. */
class ScriptedJudgeModel extends ScriptedLlm {
  static override readonly supportedModels = ['scripted-eval-judge'];
  constructor({ model }: { model: string }) {
    super({
      model,
      responses: (request: LlmRequest): LlmResponse => {
        judgePrompts.push(request.contents[0]?.parts?.[0]?.text ?? '');
        return textResponse('{"criteria": [], "is_valid": True}');
      },
    });
  }
}

describe('AgentEvaluator on a conversation scenario, configured by test_config.json', () => {
  let dir: string;
  beforeAll(async () => {
    LLMRegistry.register(ScriptedUserModel);
    LLMRegistry.register(ScriptedJudgeModel);
    dir = await mkdtemp(path.join(tmpdir(), 'adk-agent-evaluator-scenario-'));
    // Written in adk-python's snake_case, as a Python user would.
    await writeFile(
      path.join(dir, 'dice_scenario.evalset.json'),
      JSON.stringify({
        eval_set_id: 'dice_scenario',
        eval_cases: [
          {
            eval_id: 'two_rolls',
            conversation_scenario: {
              starting_prompt: 'Roll a die',
              conversation_plan: 'Roll a six-sided die, then a 20-sided one, then stop.',
              user_persona: 'EXPERT',
            },
            session_input: { app_name: 'dice_agent', user_id: 'tester', state: {} },
          },
        ],
      }),
    );
    await writeFile(
      path.join(dir, 'test_config.json'),
      JSON.stringify({
        criteria: {
          per_turn_user_simulator_quality_v1: {
            threshold: 1.0,
            judge_model_options: { judge_model: 'scripted-eval-judge', num_samples: 1 },
          },
        },
        user_simulator_config: { model: 'scripted-eval-user', max_allowed_invocations: 5 },
      }),
    );
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('plays the scenario with the configured simulator and persona, and the judge passes it', async () => {
    await AgentEvaluator.evaluate({
      agent: rootAgent,
      evalDatasetFilePathOrDir: dir,
      numRuns: 1,
      printDetailedResults: false,
    });
    // The starting prompt is sent as is; the model writes the second turn and then the stop signal.
    expect(userPrompts).toHaveLength(2);
    expect(userPrompts[0]).toContain('while role-playing as the given Persona.');
    expect(userPrompts[0]).toContain('## Professional tone');
    expect(userPrompts[0]).toContain('user: Roll a die\n\ndice_agent: You rolled a 4.');
    expect(userPrompts[1]).toContain('user: Now a 20-sided one\n\ndice_agent: You rolled a 17.');
    expect(judgePrompts.length).toBeGreaterThan(0);
  });
});
