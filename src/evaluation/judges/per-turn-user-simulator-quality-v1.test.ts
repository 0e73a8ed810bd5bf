import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { JudgeNoResponseError } from '../../errors/judge-no-response-error.js';
import { ScriptedLlm } from '../../testing/scripted-llm.js';
import { EvalStatus } from '../eval-metrics.js';
import {
  judgeMetric,
  promptOf,
  renderedPrompt,
  scriptedJudge,
  textInvocation,
} from './judge-test-fixtures.js';
import {
  parseUserSimulatorCritique,
  PerTurnUserSimulatorQualityV1,
  STOP_SIGNAL_INVOCATION_ID,
} from './per-turn-user-simulator-quality-v1.js';
import { Label } from './llm-as-judge-utils.js';

const scenario = {
  startingPrompt: 'Book a table.',
  conversationPlan: 'Book a table for two, then stop.',
};
const conversation = [
  textInvocation('Book a table.', 'For how many people?'),
  textInvocation('Two people.', 'Booked.'),
];
const PASS = '{\n  "criteria": [],\n  "is_valid": True,\n}';
const FAIL = '{"criteria": [], "is_valid": False}';
const metric = (numSamples: number) =>
  judgeMetric('per_turn_user_simulator_quality_v1', numSamples);

describe('per_turn_user_simulator_quality_v1', () => {
  it('reads is_valid as the reference does', () => {
    expect(parseUserSimulatorCritique(PASS)).toBe(Label.VALID);
    expect(parseUserSimulatorCritique(FAIL)).toBe(Label.INVALID);
    expect(parseUserSimulatorCritique('"is_valid": ["partially valid"],')).toBe(Label.INVALID);
    expect(parseUserSimulatorCritique('"is_valid": "VALID"\n')).toBe(Label.VALID);
    expect(parseUserSimulatorCritique('"is_valid": perhaps}')).toBe(Label.NOT_FOUND);
    expect(parseUserSimulatorCritique('valid')).toBe(Label.NOT_FOUND);
  });

  it("checks the starting prompt, judges later turns and the stop with the reference's prompt", async () => {
    const judge = scriptedJudge([PASS, PASS]);
    const result = await new PerTurnUserSimulatorQualityV1(metric(1), {
      judgeModel: judge,
    }).evaluateInvocations({ actualInvocations: conversation, conversationScenario: scenario });
    expect(promptOf(judge, 0)).toBe(renderedPrompt('per-turn-user-simulator-quality-v1-turn2'));
    expect(promptOf(judge, 1)).toBe(renderedPrompt('per-turn-user-simulator-quality-v1-stop'));
    expect(result.perInvocationResults.map((r) => [r.score, r.evalStatus])).toEqual([
      [1, EvalStatus.PASSED],
      [1, EvalStatus.PASSED],
    ]);
    expect(result.overallScore).toBe(1);
  });

  it('marks the last turn failed when the conversation did not stop as it should', async () => {
    // Turn 2 by majority passes (2 of 3); the stop check fails (tie of 1 and 1, then unparseable).
    const judge = scriptedJudge([PASS, FAIL, PASS, PASS, FAIL, '???']);
    const result = await new PerTurnUserSimulatorQualityV1(metric(3), {
      judgeModel: judge,
    }).evaluateInvocations({ actualInvocations: conversation, conversationScenario: scenario });
    expect(result.perInvocationResults.map((r) => r.evalStatus)).toEqual([
      EvalStatus.PASSED,
      EvalStatus.FAILED,
    ]);
    expect(result.perInvocationResults[1]?.actualInvocation.invocationId).toBe(
      STOP_SIGNAL_INVOCATION_ID,
    );
    expect(result.overallScore).toBe(0.5);
    expect(result.overallEvalStatus).toBe(EvalStatus.PASSED);
  });

  it('fails a first turn that is not the starting prompt, and needs a scenario', async () => {
    const judge = scriptedJudge([PASS]);
    const evaluator = new PerTurnUserSimulatorQualityV1(metric(1), { judgeModel: judge });
    const result = await evaluator.evaluateInvocations({
      actualInvocations: [textInvocation('Hello there', 'Hi')],
      conversationScenario: scenario,
    });
    expect(result.perInvocationResults.map((r) => r.score)).toEqual([0]);
    // Surrounding spaces do not matter (the stop check answers PASS).
    const spaced = await new PerTurnUserSimulatorQualityV1(metric(1), {
      judgeModel: scriptedJudge([PASS]),
    }).evaluateInvocations({
      actualInvocations: [textInvocation('  Book a table.\n', 'Hi')],
      conversationScenario: scenario,
    });
    expect(spaced.perInvocationResults.map((r) => r.score)).toEqual([1]);
    expect(result.overallScore).toBe(0);
    expect(result.overallEvalStatus).toBe(EvalStatus.FAILED);
    await expect(
      evaluator.evaluateInvocations({ actualInvocations: conversation }),
    ).rejects.toThrow(InvalidArgumentError);
  });

  it('throws when the judge gives no response (the reference lets the error through)', async () => {
    const silent = new ScriptedLlm({ model: 'scripted-judge', responses: [[]] });
    await expect(
      new PerTurnUserSimulatorQualityV1(metric(1), { judgeModel: silent }).evaluateInvocations({
        actualInvocations: conversation.slice(0, 1),
        conversationScenario: scenario,
      }),
    ).rejects.toSatisfy((error) => JudgeNoResponseError.isInstance(error));
  });
});
