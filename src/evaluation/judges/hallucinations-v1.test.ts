import { describe, expect, it } from 'vitest';
import { EvalStatus } from '../eval-metrics.js';
import { HallucinationsV1Evaluator, parseValidationResults } from './hallucinations-v1.js';
import {
  diceInvocation,
  judgeMetric,
  promptOf,
  renderedPrompt,
  scriptedJudge,
  textInvocation,
} from './judge-test-fixtures.js';

const block = (sentence: string, label: string) =>
  `sentence: ${sentence}\nlabel: ${label}\nrationale: r\nsupporting_excerpt: null\ncontradicting_excerpt: null`;

describe('hallucinations_v1', () => {
  it('reads the validator blocks as the reference does', () => {
    expect(
      parseValidationResults(
        `\nSentence: A.\nLabel: supported\nrationale: r\nsupporting_excerpt: A\ncontradicting_excerpt: NULL\n\n${block('B.', 'disputed')}\n`,
      ),
    ).toEqual([
      {
        sentence: 'A.',
        label: 'supported',
        rationale: 'r',
        supportingExcerpt: 'A',
        contradictingExcerpt: undefined,
      },
      {
        sentence: 'B.',
        label: 'disputed',
        rationale: 'r',
        supportingExcerpt: undefined,
        contradictingExcerpt: undefined,
      },
    ]);
  });

  it("segments, then validates the final response against its context with the reference's prompts", async () => {
    const judge = scriptedJudge([
      '<sentence>I rolled a 4.</sentence>\n<sentence>Enjoy!</sentence>',
      `${block('I rolled a 4.', 'supported')}\n\n${block('Enjoy!', 'not_applicable')}`,
    ]);
    const result = await new HallucinationsV1Evaluator(judgeMetric('hallucinations_v1', 1), {
      judgeModel: judge,
    }).evaluateInvocations({ actualInvocations: [diceInvocation()] });
    expect(promptOf(judge, 0)).toContain('**Response Begin**\nI rolled a 4.\n**Response End**');
    expect(promptOf(judge, 1)).toBe(renderedPrompt('hallucinations-v1-validator-final'));
    expect(result.overallScore).toBe(1);
    expect(result.overallEvalStatus).toBe(EvalStatus.PASSED);
  });

  it('checks intermediate texts too when the criterion asks, each against the events before it', async () => {
    const judge = scriptedJudge([
      '<sentence>I will roll.</sentence>',
      block('I will roll.', 'not_applicable'),
      '<sentence>I rolled a 4.</sentence>\n<sentence>Enjoy!</sentence>',
      `${block('I rolled a 4.', 'contradictory')}\n${block('Enjoy!', 'not_applicable')}\n`,
    ]);
    const result = await new HallucinationsV1Evaluator(
      judgeMetric('hallucinations_v1', 1, { evaluateIntermediateNlResponses: true }, 0.8),
      { judgeModel: judge },
    ).evaluateInvocations({ actualInvocations: [diceInvocation()] });
    expect(promptOf(judge, 0)).toBe(renderedPrompt('hallucinations-v1-segmenter'));
    expect(promptOf(judge, 1)).toBe(renderedPrompt('hallucinations-v1-validator-intermediate'));
    expect(promptOf(judge, 3)).toBe(renderedPrompt('hallucinations-v1-validator-final'));
    // Steps score 1 and 0.5; the invocation their mean.
    expect(result.perInvocationResults[0]?.score).toBe(0.75);
    expect(result.overallEvalStatus).toBe(EvalStatus.FAILED);
  });

  it('leaves a response unscored when the judge fails or finds no sentence', async () => {
    const judge = scriptedJudge([
      new Error('down'),
      'no sentences here',
      '<sentence>Hi.</sentence>',
      block('Hi.', 'unsupported'),
    ]);
    const result = await new HallucinationsV1Evaluator(judgeMetric('hallucinations_v1', 1), {
      judgeModel: judge,
    }).evaluateInvocations({
      actualInvocations: [
        textInvocation('a', 'A.'),
        textInvocation('b', 'B.'),
        textInvocation('c', 'Hi.'),
        textInvocation('d'),
      ],
    });
    expect(result.perInvocationResults.map((r) => [r.score, r.evalStatus])).toEqual([
      [undefined, EvalStatus.NOT_EVALUATED],
      [undefined, EvalStatus.NOT_EVALUATED],
      [0, EvalStatus.FAILED],
      [undefined, EvalStatus.NOT_EVALUATED],
    ]);
    expect(result.overallScore).toBe(0);
    expect(judge.requests).toHaveLength(4);
  });
});
