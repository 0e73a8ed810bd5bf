import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import { createDefaultMetricEvaluatorRegistry } from '../evaluation/default-metric-evaluator-registry.js';
import { renderedPrompt } from '../evaluation/judges/judge-test-fixtures.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { callerOf } from './dev-eval-test-fixtures.js';
import { serveApiServer, type ApiServerHandle } from './serve-api-server.js';
import { StaticAgentLoader } from './static-agent-loader.js';

// Issue 21's "done when" for the routes: an offline agent run over real HTTP
// and scored by LLM-judged metrics whose judge is a scripted model, given to
// the server as users of `serveApiServer` give it: a metric registry made
// with `createDefaultMetricEvaluatorRegistry({ judgeModel })`.

const QUESTION = 'What is 2 + 2?';
const ANSWER = 'The answer is 4.';
/** The expected answer of the case the judge rejects. */
const WRONG_GOLDEN = 'The answer is 5.';
const RUBRIC = 'The answer states the sum.';

/** Answers every request with the same text, as the agent always says ANSWER. */
const agentModel = new ScriptedLlm({ responses: () => textResponse(ANSWER) });

/**
 * The judge: rubric verdicts for a rubric prompt; for a final response match
 * prompt "invalid" when it is shown WRONG_GOLDEN, else "valid".
 */
const judge = new ScriptedLlm({
  model: 'scripted-judge',
  responses: (request) => {
    const prompt = request.contents[0]?.parts?.[0]?.text ?? '';
    if (prompt.includes('<properties>')) {
      return textResponse(`Property: ${RUBRIC}\nRationale: It says 4.\nVerdict: yes\n`);
    }
    const label = prompt.includes(WRONG_GOLDEN) ? 'invalid' : 'valid';
    return textResponse(`{"reasoning": "compared", "is_the_agent_response_valid": "${label}"}`);
  },
});

/** One case of the set: QUESTION, expecting `golden`, as adk-python writes it (snake_case). */
function pythonCase(evalId: string, golden: string): unknown {
  return {
    eval_id: evalId,
    conversation: [
      {
        invocation_id: `e-${evalId}`,
        user_content: { parts: [{ text: QUESTION }], role: 'user' },
        final_response: { parts: [{ text: golden }], role: 'model' },
        intermediate_data: { tool_uses: [], intermediate_responses: [] },
        creation_timestamp: 1764201600.5,
      },
    ],
    session_input: { app_name: 'math', user_id: 'alice', state: {} },
    creation_timestamp: 1764201601.0,
  };
}

let agentsDirectory: string;
let server: ApiServerHandle;
const call = callerOf(() => server);

beforeAll(async () => {
  agentsDirectory = await mkdtemp(path.join(tmpdir(), 'adk-eval-judge-routes-'));
  await mkdir(path.join(agentsDirectory, 'math'));
  await writeFile(
    path.join(agentsDirectory, 'math', 'sums.evalset.json'),
    JSON.stringify({
      eval_set_id: 'sums',
      name: 'sums',
      eval_cases: [pythonCase('right_sum', '4'), pythonCase('wrong_sum', WRONG_GOLDEN)],
      creation_timestamp: 1764201599.0,
    }),
  );
  server = await serveApiServer({
    port: 0,
    agentLoader: new StaticAgentLoader({
      apps: {
        math: new LlmAgent({ name: 'math_agent', instruction: 'Add.', model: agentModel }),
      },
    }),
    sessionService: new InMemorySessionService(),
    dev: {
      agentsDirectory,
      metricEvaluatorRegistry: createDefaultMetricEvaluatorRegistry({ judgeModel: judge }),
    },
  });
});

afterAll(async () => {
  await server.close();
  await rm(agentsDirectory, { recursive: true, force: true });
});

type Json = Record<string, unknown>;

async function runCase(evalId: string, evalMetrics: unknown[]): Promise<Json> {
  const response = await call('POST', '/dev/apps/math/eval-sets/sums/run', {
    eval_case_ids: [evalId],
    eval_metrics: evalMetrics,
  });
  expect(response.status).toBe(200);
  const { runEvalResults } = (await response.json()) as { runEvalResults: Json[] };
  expect(runEvalResults).toHaveLength(1);
  return runEvalResults[0]!;
}

function promptsSince(start: number): string[] {
  return judge.requests.slice(start).map((request) => request.contents[0]?.parts?.[0]?.text ?? '');
}

const MATCH_V2 = {
  metric_name: 'final_response_match_v2',
  threshold: 0.5,
  criterion: {
    threshold: 0.5,
    judge_model_options: { judge_model: 'scripted-judge', num_samples: 3 },
  },
};

describe('eval runs scored by a scripted judge', () => {
  it('metrics-info lists the LLM-judged metrics with their [0, 1] range', async () => {
    const { metricsInfo } = (await (await call('GET', '/dev/apps/math/metrics-info')).json()) as {
      metricsInfo: Json[];
    };
    const interval = { minValue: 0, openAtMin: false, maxValue: 1, openAtMax: false };
    for (const metricName of [
      'final_response_match_v2',
      'rubric_based_final_response_quality_v1',
      'hallucinations_v1',
      'rubric_based_tool_use_quality_v1',
    ]) {
      expect(metricsInfo.find((info) => info['metricName'] === metricName)).toEqual({
        metricName,
        description: expect.stringContaining('LLM as') as string,
        metricValueInfo: { interval },
      });
    }
  });

  it('final_response_match_v2: the reference prompt, 3 samples each, valid passes and invalid fails', async () => {
    const start = judge.requests.length;
    const passed = await runCase('right_sum', [MATCH_V2]);
    // The prompt CPython renders from adk-python's template for this question, answer and golden answer.
    expect(promptsSince(start)).toEqual(Array(3).fill(renderedPrompt('final-response-match-v2')));
    expect(judge.requests[start]?.model).toBe('scripted-judge');
    expect(passed).toMatchObject({ evalId: 'right_sum', finalEvalStatus: 1 });
    expect(passed['overallEvalMetricResults']).toEqual([
      expect.objectContaining({
        metricName: 'final_response_match_v2',
        threshold: 0.5,
        score: 1,
        evalStatus: 1,
      }),
    ]);
    const [invocation] = passed['evalMetricResultPerInvocation'] as Json[];
    expect(invocation?.['evalMetricResults']).toEqual([
      expect.objectContaining({ metricName: 'final_response_match_v2', score: 1, evalStatus: 1 }),
    ]);

    const failed = await runCase('wrong_sum', [MATCH_V2]);
    expect(failed).toMatchObject({ evalId: 'wrong_sum', finalEvalStatus: 2 });
    expect(failed['overallEvalMetricResults']).toEqual([
      expect.objectContaining({ metricName: 'final_response_match_v2', score: 0, evalStatus: 2 }),
    ]);
  });

  it('a bare threshold is not a judge criterion (as in adk-python); `criterion: {threshold}` is', async () => {
    const bare = await runCase('right_sum', [
      { metricName: 'final_response_match_v2', threshold: 0.5 },
    ]);
    expect(bare).toMatchObject({ finalEvalStatus: 3 });
    expect(bare['overallEvalMetricResults']).toEqual([
      expect.objectContaining({ metricName: 'final_response_match_v2', evalStatus: 3 }),
    ]);

    // What the dev UI sends: the default judge options (5 samples) with the server's judge.
    const start = judge.requests.length;
    const judged = await runCase('wrong_sum', [
      { metricName: 'final_response_match_v2', threshold: 0.5, criterion: { threshold: 0.5 } },
    ]);
    expect(judge.requests.length - start).toBe(5);
    expect(judged['overallEvalMetricResults']).toEqual([
      expect.objectContaining({ metricName: 'final_response_match_v2', score: 0, evalStatus: 2 }),
    ]);
  });

  it('rubric_based_final_response_quality_v1: the rubric in the prompt, its score in the result', async () => {
    const start = judge.requests.length;
    const result = await runCase('right_sum', [
      {
        metricName: 'rubric_based_final_response_quality_v1',
        threshold: 0.5,
        criterion: {
          threshold: 0.5,
          judgeModelOptions: { judgeModel: 'scripted-judge', numSamples: 1 },
          rubrics: [{ rubricId: 'states_sum', rubricContent: { textProperty: RUBRIC } }],
        },
      },
    ]);
    const [prompt, ...more] = promptsSince(start);
    expect(more).toEqual([]);
    expect(prompt).toContain(`<main_prompt>\n  ${QUESTION}\n  </main_prompt>`);
    expect(prompt).toContain(`<final_answer>\n  ${ANSWER}\n  </final_answer>`);
    expect(prompt).toContain(`<properties>\n*  ${RUBRIC}\n</properties>`);
    expect(result).toMatchObject({ evalId: 'right_sum', finalEvalStatus: 1 });
    expect(result['overallEvalMetricResults']).toEqual([
      expect.objectContaining({
        metricName: 'rubric_based_final_response_quality_v1',
        score: 1,
        evalStatus: 1,
        details: {
          rubricScores: [expect.objectContaining({ rubricId: 'states_sum', score: 1 }) as unknown],
        },
      }),
    ]);
  });
});
