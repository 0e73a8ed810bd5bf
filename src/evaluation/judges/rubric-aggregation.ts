import type { RubricScore } from '../eval-rubrics.js';
import type { EvaluationResult, PerInvocationResult } from '../evaluator.js';
import { evalStatusOf } from '../metric-scoring.js';
import { getAverageRubricScore } from './llm-as-judge-utils.js';

/** Reduces the samples of one invocation to its result (Python `PerInvocationResultsAggregator`). */
export interface PerInvocationResultsAggregator {
  aggregate(samples: readonly PerInvocationResult[], threshold: number): PerInvocationResult;
}

/** Reduces the invocations of a case to its result (Python `InvocationResultsSummarizer`). */
export interface InvocationResultsSummarizer {
  summarize(results: readonly PerInvocationResult[], threshold: number): EvaluationResult;
}

/**
 * Majority vote per rubric (Python `MajorityVotePerInvocationResultsAggregator`):
 * for each rubric id (in the order first seen), the first "yes" (score 1)
 * when "yes" outnumbers "no" (any other score), else the first "no", or the
 * first unscored verdict when there is neither. The invocation's score is
 * the mean of the kept rubric scores.
 */
export class MajorityVotePerInvocationResultsAggregator implements PerInvocationResultsAggregator {
  aggregate(samples: readonly PerInvocationResult[], threshold: number): PerInvocationResult {
    const buckets = new Map<
      string,
      { none: RubricScore[]; yes: RubricScore[]; no: RubricScore[] }
    >();
    for (const sample of samples) {
      for (const rubricScore of sample.rubricScores ?? []) {
        let bucket = buckets.get(rubricScore.rubricId);
        if (!bucket) {
          bucket = { none: [], yes: [], no: [] };
          buckets.set(rubricScore.rubricId, bucket);
        }
        if (rubricScore.score === undefined || rubricScore.score === null) {
          bucket.none.push(rubricScore);
        } else if (rubricScore.score === 1) {
          bucket.yes.push(rubricScore);
        } else {
          bucket.no.push(rubricScore);
        }
      }
    }
    const rubricScores: RubricScore[] = [];
    for (const { none, yes, no } of buckets.values()) {
      const kept =
        yes.length === 0 && no.length === 0 ? none[0] : yes.length > no.length ? yes[0] : no[0];
      if (kept) rubricScores.push(kept);
    }
    const score = getAverageRubricScore(rubricScores);
    const first = samples[0] as PerInvocationResult;
    return {
      actualInvocation: first.actualInvocation,
      expectedInvocation: first.expectedInvocation,
      score,
      rubricScores,
      evalStatus: evalStatusOf(score, threshold),
    };
  }
}

/** The rationale of a rubric score averaged over invocations (the reference's text). */
export const AGGREGATED_RUBRIC_RATIONALE =
  'This is an aggregated score derived from individual entries. Please refer to individual' +
  ' entries in each invocation for actual rationale from the model.';

/**
 * Means over invocations (Python `MeanInvocationResultsSummarizer`): each
 * rubric's score is its mean over the invocations that scored it, and the
 * case's score the mean of every rubric score of every invocation.
 */
export class MeanInvocationResultsSummarizer implements InvocationResultsSummarizer {
  summarize(results: readonly PerInvocationResult[], threshold: number): EvaluationResult {
    const all: RubricScore[] = [];
    const byId = new Map<string, RubricScore[]>();
    for (const result of results) {
      for (const rubricScore of result.rubricScores ?? []) {
        const list = byId.get(rubricScore.rubricId) ?? [];
        list.push(rubricScore);
        byId.set(rubricScore.rubricId, list);
        all.push(rubricScore);
      }
    }
    const overallRubricScores: RubricScore[] = [...byId].map(([rubricId, scores]) => {
      const score = getAverageRubricScore(scores);
      return {
        rubricId,
        ...(score === undefined ? {} : { score }),
        rationale: AGGREGATED_RUBRIC_RATIONALE,
      };
    });
    const overallScore = getAverageRubricScore(all);
    return {
      overallScore,
      overallEvalStatus: evalStatusOf(overallScore, threshold),
      perInvocationResults: results,
      overallRubricScores,
    };
  }
}
