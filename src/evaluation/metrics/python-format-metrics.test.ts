import { describe, expect, it } from 'vitest';
import { createDefaultMetricEvaluatorRegistry } from '../default-metric-evaluator-registry.js';
import { invocationFromJson } from '../eval-case-json.js';
import { evalConfigFromJson, getEvalMetricsFromConfig } from '../eval-config.js';
import { EvalStatus } from '../eval-metrics.js';

/*
 * The deterministic metrics on data as adk-python writes it: a
 * test_config.json with a bare threshold and a criterion object (snake_case),
 * expected invocations in the older `intermediate_data.tool_uses` form and
 * actual ones in the newer `invocation_events` form, as an eval run records them.
 */
const config = evalConfigFromJson({
  criteria: {
    tool_trajectory_avg_score: { threshold: 1.0, match_type: 'IN_ORDER' },
    response_match_score: 0.8,
  },
});

const expected = invocationFromJson({
  invocation_id: 'golden-1',
  user_content: { role: 'user', parts: [{ text: 'Roll a 6-sided die and check if it is prime.' }] },
  final_response: { role: 'model', parts: [{ text: 'I rolled a 4, which is not prime.' }] },
  intermediate_data: {
    tool_uses: [
      { name: 'roll_die', args: { sides: 6 } },
      { name: 'check_prime', args: { nums: [4] } },
    ],
    tool_responses: [],
    intermediate_responses: [],
  },
  creation_timestamp: 1700000000.0,
});

const actual = invocationFromJson({
  invocation_id: 'e-5b9f',
  user_content: { role: 'user', parts: [{ text: 'Roll a 6-sided die and check if it is prime.' }] },
  final_response: { role: 'model', parts: [{ text: 'I rolled a 4. 4 is not a prime number.' }] },
  intermediate_data: {
    invocation_events: [
      {
        author: 'hello_eval',
        content: {
          role: 'model',
          parts: [{ function_call: { id: 'adk-1', name: 'roll_die', args: { sides: 6.0 } } }],
        },
      },
      {
        author: 'hello_eval',
        content: {
          role: 'user',
          parts: [
            { function_response: { id: 'adk-1', name: 'roll_die', response: { result: 4 } } },
          ],
        },
      },
      {
        author: 'hello_eval',
        content: {
          role: 'model',
          parts: [
            { function_call: { id: 'adk-2', name: 'log_roll', args: {} } },
            { function_call: { id: 'adk-3', name: 'check_prime', args: { nums: [4] } } },
          ],
        },
      },
    ],
  },
  creation_timestamp: 1700000001.5,
});

describe('deterministic metrics on Python-format data', () => {
  it('scores the trajectory IN_ORDER (arguments as Python ==) and the response by ROUGE-1', async () => {
    const registry = createDefaultMetricEvaluatorRegistry();
    const [trajectoryMetric, responseMetric] = getEvalMetricsFromConfig(config);

    const trajectory = await registry.getEvaluator(trajectoryMetric!).evaluateInvocations({
      actualInvocations: [actual],
      expectedInvocations: [expected],
    });
    expect(trajectory.overallScore).toBe(1);
    expect(trajectory.overallEvalStatus).toBe(EvalStatus.PASSED);

    // By hand: reference [i rolled a 4 which is not prime] (8 tokens; "rolled" -> "roll"),
    // response [i rolled a 4 4 is not a prime number] (10 tokens). Clipped overlap:
    // i, roll, a, 4, is, not, prime = 7. P = 7/10, R = 7/8, F = 2·0.7·0.875/1.575 = 7/9.
    const response = await registry.getEvaluator(responseMetric!).evaluateInvocations({
      actualInvocations: [actual],
      expectedInvocations: [expected],
    });
    expect(response.overallScore).toBeCloseTo(7 / 9, 15);
    expect(response.overallEvalStatus).toBe(EvalStatus.FAILED);
  });

  it('fails EXACT on the extra call the agent made', async () => {
    const registry = createDefaultMetricEvaluatorRegistry();
    const [exactMetric] = getEvalMetricsFromConfig(
      evalConfigFromJson({ criteria: { tool_trajectory_avg_score: 1.0 } }),
    );
    const result = await registry.getEvaluator(exactMetric!).evaluateInvocations({
      actualInvocations: [actual],
      expectedInvocations: [expected],
    });
    expect(result.overallScore).toBe(0);
    expect(result.overallEvalStatus).toBe(EvalStatus.FAILED);
  });
});
