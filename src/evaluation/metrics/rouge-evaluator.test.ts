import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { EvalStatus, type EvalMetric } from '../eval-metrics.js';
import { invocation } from './metric-test-fixtures.js';
import { responseMatchScore, RougeEvaluator } from './rouge-evaluator.js';

function evaluator(threshold: number): RougeEvaluator {
  return new RougeEvaluator({
    evalMetric: { metricName: 'response_match_score', threshold } as EvalMetric,
  });
}

describe('RougeEvaluator (response_match_score)', () => {
  it('scores each invocation by ROUGE-1 F-measure and averages them', async () => {
    // Scores by hand (rouge_score tokenizer, Porter stems):
    // 1. target [the weather is sunni] vs [it is sunni todai]: overlap is, sunni = 2;
    //    P = 2/4, R = 2/4, F = 0.5.
    // 2. identical up to case and punctuation: F = 1.
    // Mean 0.75.
    const result = await evaluator(0.6).evaluateInvocations({
      actualInvocations: [
        invocation({ response: 'It is sunny today.' }),
        invocation({ response: 'ROLLED A 4!' }),
      ],
      expectedInvocations: [
        invocation({ response: 'The weather is sunny' }),
        invocation({ response: 'rolled a 4' }),
      ],
    });
    expect(result.perInvocationResults.map((r) => [r.score, r.evalStatus])).toEqual([
      [0.5, EvalStatus.FAILED],
      [1, EvalStatus.PASSED],
    ]);
    expect(result.overallScore).toBe(0.75);
    expect(result.overallEvalStatus).toBe(EvalStatus.PASSED);
  });

  it('joins a response’s text parts with newlines and skips non-text parts', async () => {
    const actual = invocation();
    const withParts = {
      ...actual,
      finalResponse: {
        role: 'model',
        parts: [{ text: 'rolled' }, { functionCall: { name: 'x' } }, { text: 'a 4' }],
      },
    };
    const result = await evaluator(1).evaluateInvocations({
      actualInvocations: [withParts],
      expectedInvocations: [invocation({ response: 'rolled a 4' })],
    });
    expect(result.overallScore).toBe(1);
  });

  it('uses the criterion threshold when the metric has no threshold of its own', async () => {
    const rouge = new RougeEvaluator({
      evalMetric: {
        metricName: 'response_match_score',
        criterion: { threshold: 0.9 },
      } as EvalMetric,
    });
    const result = await rouge.evaluateInvocations({
      actualInvocations: [invocation({ response: 'a b' })],
      expectedInvocations: [invocation({ response: 'a c' })],
    });
    expect(result.overallScore).toBe(0.5);
    expect(result.overallEvalStatus).toBe(EvalStatus.FAILED);
  });

  it('needs expected invocations', async () => {
    await expect(
      evaluator(0.5).evaluateInvocations({ actualInvocations: [invocation()] }),
    ).rejects.toThrow(InvalidArgumentError);
  });
});

describe('responseMatchScore', () => {
  it('stems Latin-script texts and does not stem mostly non-Latin ones', () => {
    // Stemmed: [run] vs [run] -> 1. Unstemmed: [running] vs [runs] -> 0.
    expect(responseMatchScore('runs', 'running')).toBe(1);
    expect(responseMatchScore('runs 東京東京', 'running 東京東京')).toBe(0);
  });
});
