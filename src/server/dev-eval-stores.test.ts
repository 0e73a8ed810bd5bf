import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import { createDefaultMetricEvaluatorRegistry } from '../evaluation/default-metric-evaluator-registry.js';
import { EvalStatus } from '../evaluation/eval-metrics.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { serveApiServer, type ApiServerHandle } from './serve-api-server.js';
import { callerOf, expectEvalSetDeletion } from './dev-eval-test-fixtures.js';
import { StaticAgentLoader } from './static-agent-loader.js';

// The eval routes without an agents directory (eval data in memory) and with
// a metric registry the user extended with a metric of their own.

let server: ApiServerHandle;

const call = callerOf(() => server);

beforeAll(async () => {
  const metricEvaluatorRegistry = createDefaultMetricEvaluatorRegistry();
  // Half a point for every answer that says hello.
  metricEvaluatorRegistry.registerEvaluator({
    metricInfo: {
      metricName: 'says_hello',
      description: 'Half a point when the answer says hello.',
      metricValueInfo: {
        interval: { minValue: 0, maxValue: 1, openAtMin: false, openAtMax: false },
      },
    },
    evaluatorFactory: (evalMetric) => ({
      evaluateInvocations: async ({ actualInvocations, expectedInvocations }) => {
        const threshold = evalMetric.criterion?.threshold ?? evalMetric.threshold ?? 0;
        const perInvocationResults = actualInvocations.map((actual, index) => {
          const score = JSON.stringify(actual.finalResponse ?? {}).includes('hello') ? 0.5 : 0;
          return {
            actualInvocation: actual,
            expectedInvocation: expectedInvocations?.[index],
            score,
            evalStatus: score >= threshold ? EvalStatus.PASSED : EvalStatus.FAILED,
          };
        });
        const overallScore =
          perInvocationResults.reduce((sum, result) => sum + result.score, 0) /
          Math.max(perInvocationResults.length, 1);
        return {
          overallScore,
          overallEvalStatus: overallScore >= threshold ? EvalStatus.PASSED : EvalStatus.FAILED,
          perInvocationResults,
        };
      },
    }),
  });
  server = await serveApiServer({
    port: 0,
    agentLoader: new StaticAgentLoader({
      apps: {
        greeter: new LlmAgent({
          name: 'greeter',
          model: new ScriptedLlm({ responses: () => textResponse('hello there') }),
        }),
      },
    }),
    sessionService: new InMemorySessionService(),
    dev: { metricEvaluatorRegistry },
  });
});

afterAll(async () => {
  await server.close();
});

describe('eval routes without an agents directory, with a user metric', () => {
  it('keep sets and results in memory, list the user metric and score with it', async () => {
    expect(
      (
        await call('POST', '/dev/apps/greeter/eval-sets', {
          eval_set: { eval_set_id: 'greetings', eval_cases: [] },
        })
      ).status,
    ).toBe(200);
    await call('PUT', '/dev/apps/greeter/eval_sets/greetings/evals/hi', {}).then((response) =>
      expect(response.status).toBe(422),
    );
    const session = (await (await call('POST', '/apps/greeter/users/u/sessions', {})).json()) as {
      id: string;
    };
    await call('POST', '/run', {
      appName: 'greeter',
      userId: 'u',
      sessionId: session.id,
      newMessage: { role: 'user', parts: [{ text: 'Hi!' }] },
    });
    expect(
      (
        await call('POST', '/dev/apps/greeter/eval-sets/greetings/add-session', {
          evalId: 'hi',
          sessionId: session.id,
          userId: 'u',
        })
      ).status,
    ).toBe(200);
    expect(await (await call('GET', '/dev/apps/greeter/eval-sets')).json()).toEqual({
      evalSetIds: ['greetings'],
    });

    const { metricsInfo } = (await (
      await call('GET', '/dev/apps/greeter/metrics-info')
    ).json()) as {
      metricsInfo: { metricName: string; description: string }[];
    };
    expect(metricsInfo).toContainEqual(
      expect.objectContaining({
        metricName: 'says_hello',
        description: 'Half a point when the answer says hello.',
      }),
    );

    const run = await call('POST', '/dev/apps/greeter/eval-sets/greetings/run', {
      evalMetrics: [{ metricName: 'says_hello', threshold: 0.4 }],
    });
    expect(run.status).toBe(200);
    const { runEvalResults } = (await run.json()) as {
      runEvalResults: { finalEvalStatus: number; overallEvalMetricResults: unknown[] }[];
    };
    expect(runEvalResults).toEqual([
      expect.objectContaining({
        finalEvalStatus: 1,
        overallEvalMetricResults: [
          expect.objectContaining({ metricName: 'says_hello', score: 0.5, evalStatus: 1 }),
        ],
      }),
    ]);
    const { evalResultIds } = (await (
      await call('GET', '/dev/apps/greeter/eval-results')
    ).json()) as {
      evalResultIds: string[];
    };
    expect(evalResultIds).toHaveLength(1);
    expect(
      (await call('GET', `/dev/apps/greeter/eval-results/${evalResultIds[0] ?? ''}`)).status,
    ).toBe(200);
  });

  it('delete a whole set from memory', async () => {
    await expectEvalSetDeletion(call, 'greeter', 'short_lived');
  });
});
