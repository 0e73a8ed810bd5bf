import type { PerInvocationResult } from '../evaluator.js';

/**
 * The majority verdict of samples scored 1 (valid) or 0 (invalid), as the
 * reference's `final_response_match_v2` and per-turn user-simulator metrics
 * take it: the first valid sample when valid ones outnumber invalid ones,
 * else the first invalid one (a tie counts as invalid); the first sample when
 * none was scored. Samples scored otherwise are not counted.
 */
export function majorityVote(samples: readonly PerInvocationResult[]): PerInvocationResult {
  const positives = samples.filter((sample) => sample.score === 1);
  const negatives = samples.filter((sample) => sample.score === 0);
  if (positives.length === 0 && negatives.length === 0) return samples[0] as PerInvocationResult;
  return (positives.length > negatives.length ? positives[0] : negatives[0]) as PerInvocationResult;
}
