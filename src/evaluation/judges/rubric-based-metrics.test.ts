import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { EvalStatus } from '../eval-metrics.js';
import type { PerInvocationResult } from '../evaluator.js';
import {
  diceInvocation,
  judgeMetric,
  promptOf,
  renderedPrompt,
  scriptedJudge,
  textInvocation,
} from './judge-test-fixtures.js';
import {
  AGGREGATED_RUBRIC_RATIONALE,
  MajorityVotePerInvocationResultsAggregator,
  MeanInvocationResultsSummarizer,
} from './rubric-aggregation.js';
import { RubricBasedFinalResponseQualityV1Evaluator } from './rubric-based-final-response-quality-v1.js';
import { RubricBasedToolUseV1Evaluator } from './rubric-based-tool-use-quality-v1.js';
import { DefaultAutoRaterResponseParser } from './rubric-response-parser.js';

const rubric = (rubricId: string, textProperty: string, type?: string) => ({
  rubricId,
  rubricContent: { textProperty },
  ...(type === undefined ? {} : { type }),
});
const STATES = rubric('r1', 'The answer states the rolled number.');
const SHORT = rubric('r2', 'The answer is short.', 'FINAL_RESPONSE_QUALITY');
const CALLED = rubric('t1', 'roll_die is called with sides=6.');
const ORDER = rubric('t2', 'check_prime is called after roll_die.', 'TOOL_USE_QUALITY');

const verdicts = (...items: [string, string][]) =>
  items
    .map(
      ([property, verdict]) => `Property: ${property}\nRationale: Because.\nVerdict: ${verdict}\n`,
    )
    .join('\n');

describe('rubric-based metrics', () => {
  it('reads Property/Rationale/Verdict lines as the reference parser does', () => {
    const parsed = new DefaultAutoRaterResponseParser().parse(
      'Property:  A \nEvidence: x\nRationale: why\nVerdict: **Yes**\n' +
        'Property: B\nRationale: why not\nVerdict: no\n' +
        'Property: C\nRationale: ?\nVerdict: maybe\nProperty: D\n',
    );
    expect(parsed).toEqual([
      { propertyText: 'A', rationale: 'why', score: 1 },
      { propertyText: 'B', rationale: 'why not', score: 0 },
      { propertyText: 'C', rationale: '?', score: undefined },
    ]);
  });

  it('takes a majority per rubric, and the mean per rubric over invocations', () => {
    const invocation = textInvocation('q', 'a');
    const sample = (scores: Record<string, number | undefined>): PerInvocationResult => ({
      actualInvocation: invocation,
      evalStatus: EvalStatus.PASSED,
      rubricScores: Object.entries(scores).map(([rubricId, score]) => ({
        rubricId,
        rationale: `${rubricId}=${String(score)}`,
        ...(score === undefined ? {} : { score }),
      })),
    });
    const aggregated = new MajorityVotePerInvocationResultsAggregator().aggregate(
      [
        sample({ a: 1, b: 0, c: undefined }),
        sample({ a: 0, b: 1 }),
        sample({ a: 1, b: undefined }),
      ],
      0.6,
    );
    // a: yes 2 / no 1 -> yes; b: yes 1 / no 1 -> no (tie); c: only unscored -> unscored.
    expect(aggregated.rubricScores).toEqual([
      { rubricId: 'a', rationale: 'a=1', score: 1 },
      { rubricId: 'b', rationale: 'b=0', score: 0 },
      { rubricId: 'c', rationale: 'c=undefined' },
    ]);
    expect(aggregated.score).toBe(0.5);
    expect(aggregated.evalStatus).toBe(EvalStatus.FAILED);

    const summary = new MeanInvocationResultsSummarizer().summarize(
      [sample({ a: 1, b: 0 }), sample({ a: 1 }), sample({ a: 0, b: 1 })],
      0.6,
    );
    expect(summary.overallRubricScores).toEqual([
      { rubricId: 'a', score: 2 / 3, rationale: AGGREGATED_RUBRIC_RATIONALE },
      { rubricId: 'b', score: 0.5, rationale: AGGREGATED_RUBRIC_RATIONALE },
    ]);
    // Mean of every rubric score: (1 + 0 + 1 + 0 + 1) / 5.
    expect(summary.overallScore).toBe(0.6);
    expect(summary.overallEvalStatus).toBe(EvalStatus.PASSED);
  });

  it("final response quality: the reference's prompt, the criterion's and the invocation's rubrics of its type", async () => {
    const judge = scriptedJudge([
      verdicts([STATES.rubricContent.textProperty, 'yes'], ['the answer is short.', 'no']),
    ]);
    const evaluator = new RubricBasedFinalResponseQualityV1Evaluator(
      judgeMetric('rubric_based_final_response_quality_v1', 1, { rubrics: [STATES] }),
      { judgeModel: judge },
    );
    const result = await evaluator.evaluateInvocations({
      actualInvocations: [diceInvocation({ rubrics: [SHORT, ORDER] })],
    });
    expect(promptOf(judge, 0)).toBe(renderedPrompt('rubric-based-final-response-quality-v1'));
    expect(result.perInvocationResults[0]?.rubricScores).toEqual([
      { rubricId: 'r1', rationale: 'Because.', score: 1 },
      { rubricId: 'r2', rationale: 'Because.', score: 0 },
    ]);
    expect(result.overallScore).toBe(0.5);
    expect(result.overallEvalStatus).toBe(EvalStatus.PASSED);
  });

  it('final response quality can show the intermediate responses before the final answer', async () => {
    const judge = scriptedJudge(['']);
    await new RubricBasedFinalResponseQualityV1Evaluator(
      judgeMetric('rubric_based_final_response_quality_v1', 1, {
        rubrics: [STATES],
        includeIntermediateResponsesInFinal: true,
      }),
      { judgeModel: judge },
    ).evaluateInvocations({ actualInvocations: [diceInvocation()] });
    expect(promptOf(judge, 0)).toContain(
      '  <final_answer>\n  I will roll.\nI rolled a 4.\n  </final_answer>',
    );
  });

  it("tool use quality: the reference's prompt, majority over samples", async () => {
    const yesYes = verdicts(
      [CALLED.rubricContent.textProperty, 'yes'],
      [ORDER.rubricContent.textProperty, 'yes'],
    );
    const noYes = verdicts(
      [CALLED.rubricContent.textProperty, 'no'],
      [ORDER.rubricContent.textProperty, 'yes'],
    );
    const judge = scriptedJudge([yesYes, noYes, yesYes]);
    const evaluator = new RubricBasedToolUseV1Evaluator(
      judgeMetric('rubric_based_tool_use_quality_v1', 3, { rubrics: [CALLED] }, 1),
      { judgeModel: judge },
    );
    const result = await evaluator.evaluateInvocations({
      actualInvocations: [diceInvocation({ rubrics: [SHORT, ORDER] })],
    });
    expect(promptOf(judge, 0)).toBe(renderedPrompt('rubric-based-tool-use-quality-v1'));
    expect(result.perInvocationResults[0]?.rubricScores?.map((s) => [s.rubricId, s.score])).toEqual(
      [
        ['t1', 1],
        ['t2', 1],
      ],
    );
    expect(result.overallScore).toBe(1);
    expect(result.overallEvalStatus).toBe(EvalStatus.PASSED);
  });

  it('tool use quality without app details or tool calls', async () => {
    const judge = scriptedJudge(['Verdicts omitted.']);
    const result = await new RubricBasedToolUseV1Evaluator(
      judgeMetric('rubric_based_tool_use_quality_v1', 1, { rubrics: [CALLED, ORDER] }),
      { judgeModel: judge },
    ).evaluateInvocations({ actualInvocations: [textInvocation('Hi', 'Hello')] });
    expect(promptOf(judge, 0)).toBe(renderedPrompt('rubric-based-tool-use-quality-v1-no-tools'));
    expect(result.overallScore).toBeUndefined();
    expect(result.overallEvalStatus).toBe(EvalStatus.NOT_EVALUATED);
  });

  it('refuses no rubrics, a criterion of another kind, and two rubrics of one id', async () => {
    expect(
      () =>
        new RubricBasedToolUseV1Evaluator(judgeMetric('rubric_based_tool_use_quality_v1', 1), {
          judgeModel: scriptedJudge([]),
        }),
    ).toThrow('Rubrics are required.');
    expect(
      () =>
        new RubricBasedToolUseV1Evaluator(
          { metricName: 'rubric_based_tool_use_quality_v1', threshold: 0.5 },
          { judgeModel: scriptedJudge([]) },
        ),
    ).toThrow(InvalidArgumentError);
    const evaluator = new RubricBasedToolUseV1Evaluator(
      judgeMetric('rubric_based_tool_use_quality_v1', 1, { rubrics: [CALLED] }),
      { judgeModel: scriptedJudge([]) },
    );
    await expect(
      evaluator.evaluateInvocations({
        actualInvocations: [diceInvocation({ rubrics: [{ ...CALLED, type: 'TOOL_USE_QUALITY' }] })],
      }),
    ).rejects.toThrow("Rubric with rubric_id 't1' already exists.");
  });
});
