import type { EvalMetric } from '../eval-metrics.js';
import type { EvaluateInvocationsRequest, EvaluationResult, Evaluator } from '../evaluator.js';
import { getMetricThreshold, scoreEachAgainstExpected, textOf } from '../metric-scoring.js';
import { isLatinScript, rouge1 } from '../text/rouge-1.js';

/**
 * `response_match_score` (Python's `RougeEvaluator`): each invocation scores
 * the ROUGE-1 F-measure of the agent's final response against the expected
 * one (the texts of their parts joined with newlines), computed as
 * `rouge_score`'s `RougeScorer(['rouge1'], use_stemmer=True)` does; stemming
 * is used only when both texts are mostly Latin script. The case's score is
 * the mean over invocations; each passes at `score >= threshold`.
 */
export class RougeEvaluator implements Evaluator {
  readonly #threshold: number;

  constructor({ evalMetric }: { evalMetric: EvalMetric }) {
    // The reference reads the metric's own threshold, which the eval config sets with the criterion.
    this.#threshold = evalMetric.threshold ?? getMetricThreshold(evalMetric);
  }

  async evaluateInvocations({
    actualInvocations,
    expectedInvocations,
  }: EvaluateInvocationsRequest): Promise<EvaluationResult> {
    return scoreEachAgainstExpected({
      metricName: 'response_match_score',
      actualInvocations,
      expectedInvocations,
      threshold: this.#threshold,
      score: (actual, expected) =>
        responseMatchScore(textOf(actual.finalResponse), textOf(expected.finalResponse)),
    });
  }
}

/**
 * The ROUGE-1 F-measure of a `response` against a `reference`, stemmed when
 * both are mostly Latin script, as the reference's `response_match_score`.
 */
export function responseMatchScore(response: string, reference: string): number {
  const useStemmer = isLatinScript(response) && isLatinScript(reference);
  return rouge1(reference, response, { useStemmer }).fmeasure;
}
