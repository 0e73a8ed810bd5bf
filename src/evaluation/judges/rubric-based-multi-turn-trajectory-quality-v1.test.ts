import { describe, expect, it } from 'vitest';
import { EvalStatus } from '../eval-metrics.js';
import {
  diceInvocation,
  judgeMetric,
  promptOf,
  renderedPrompt,
  scriptedJudge,
  textInvocation,
} from './judge-test-fixtures.js';
import { RubricBasedMultiTurnTrajectoryEvaluator } from './rubric-based-multi-turn-trajectory-quality-v1.js';

const ROLLS = {
  rubricId: 'm1',
  rubricContent: { textProperty: 'The agent rolls before answering.' },
};
const BYE = {
  rubricId: 'm2',
  rubricContent: { textProperty: 'The agent says goodbye.' },
  type: 'TRAJECTORY_QUALITY',
};

describe('rubric_based_multi_turn_trajectory_quality_v1', () => {
  it("judges the whole conversation once, on the last turn, with the reference's prompt", async () => {
    const judge = scriptedJudge([
      'ID: m1\nProperty: The agent rolls before answering.\nRationale: Turn 1.\nVerdict: yes\n\n' +
        'ID: m2\nProperty: The agent says goodbye.\nRationale: Turn 2.\nVerdict: no\n',
    ]);
    const evaluator = new RubricBasedMultiTurnTrajectoryEvaluator(
      judgeMetric('rubric_based_multi_turn_trajectory_quality_v1', 1, { rubrics: [ROLLS] }),
      { judgeModel: judge },
    );
    const result = await evaluator.evaluateInvocations({
      actualInvocations: [
        diceInvocation(),
        { ...textInvocation('Thanks', 'Bye.'), rubrics: [BYE] },
      ],
    });
    expect(judge.requests).toHaveLength(1);
    expect(promptOf(judge, 0)).toBe(
      renderedPrompt('rubric-based-multi-turn-trajectory-quality-v1'),
    );
    expect(result.perInvocationResults.map((r) => [r.score, r.evalStatus])).toEqual([
      [undefined, EvalStatus.NOT_EVALUATED],
      [0.5, EvalStatus.PASSED],
    ]);
    expect(result.overallScore).toBe(0.5);
    expect(result.overallRubricScores?.map((s) => [s.rubricId, s.score])).toEqual([
      ['m1', 1],
      ['m2', 0],
    ]);
  });

  it('is not evaluated without invocations', async () => {
    const result = await new RubricBasedMultiTurnTrajectoryEvaluator(
      judgeMetric('rubric_based_multi_turn_trajectory_quality_v1', 1, { rubrics: [ROLLS] }),
      { judgeModel: scriptedJudge([]) },
    ).evaluateInvocations({ actualInvocations: [] });
    expect(result).toEqual({
      overallEvalStatus: EvalStatus.NOT_EVALUATED,
      perInvocationResults: [],
    });
  });
});
