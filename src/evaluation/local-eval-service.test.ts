import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { FunctionTool } from '../tools/function-tool.js';
import type { Content } from '../types/index.js';
import { InferenceStatus, type InferenceResult } from './base-eval-service.js';
import { aggregateEvalCaseResults } from './eval-case-result-aggregator.js';
import type { EvalCase, Invocation } from './eval-case.js';
import { EvalStatus, type EvalMetric } from './eval-metrics.js';
import type { EvalCaseResult } from './eval-result.js';
import { InMemoryEvalSetsManager } from './in-memory-eval-sets-manager.js';
import { LocalEvalService } from './local-eval-service.js';
import { LocalEvalSetResultsManager } from './local-eval-set-results-manager.js';

const APP = 'dice_app';
const SET = 'dice_set';
const user = (text: string): Content => ({ role: 'user', parts: [{ text }] });
const model = (text: string): Content => ({ role: 'model', parts: [{ text }] });

// Answers by the last user text, so parallel cases do not depend on call order.
function diceModel(): ScriptedLlm {
  return new ScriptedLlm({
    responses: (request) => {
      const part = request.contents.at(-1)?.parts?.[0];
      if (part?.functionResponse) {
        const rolled = (part.functionResponse.response as { result: number }).result;
        return textResponse(`You rolled a ${rolled}.`);
      }
      const text = part?.text ?? '';
      if (text.includes('explode')) return new RangeError('the model is down');
      if (text.includes('20')) return functionCallResponse('roll_die', { sides: 20 });
      if (text.includes('die')) return functionCallResponse('roll_die', { sides: 6 });
      return textResponse('Hello! I roll dice.');
    },
  });
}

function diceAgent(): LlmAgent {
  return new LlmAgent({
    name: 'dice_agent',
    model: diceModel(),
    instruction: 'Roll dice when asked.',
    tools: [
      new FunctionTool({
        name: 'roll_die',
        description: 'Rolls a die.',
        parameters: z.object({ sides: z.number() }),
        execute: ({ sides }) => ({ result: sides === 6 ? 4 : 17 }),
      }),
    ],
  });
}

const turn = (
  prompt: string,
  answer: string,
  toolUses: { name: string; args: Record<string, unknown> }[] = [],
): Invocation => ({
  invocationId: '',
  userContent: user(prompt),
  finalResponse: model(answer),
  intermediateData: { toolUses, toolResponses: [], intermediateResponses: [] },
  creationTimestamp: 0,
});

const cases: EvalCase[] = [
  {
    evalId: 'roll_six',
    conversation: [
      turn('Roll a die', 'You rolled a 4.', [{ name: 'roll_die', args: { sides: 6 } }]),
    ],
    sessionInput: { appName: APP, userId: 'alice', state: {} },
    creationTimestamp: 0,
    finalSessionState: {},
  },
  {
    evalId: 'greet_then_roll',
    conversation: [
      turn('hi', 'Hello! I roll dice.'),
      // The agent rolls a 20-sided die; the expected trajectory says 6 sides.
      turn('Roll a 20-sided die', 'You rolled a 17.', [{ name: 'roll_die', args: { sides: 6 } }]),
    ],
    sessionInput: { appName: APP, userId: 'bob', state: {} },
    creationTimestamp: 0,
    finalSessionState: {},
  },
  {
    evalId: 'explodes',
    conversation: [turn('please explode', 'never')],
    creationTimestamp: 0,
    finalSessionState: {},
  },
  {
    evalId: 'scenario',
    conversationScenario: {
      startingPrompt: 'Roll a die',
      conversationPlan: 'Roll once, then stop.',
    },
    sessionInput: { appName: APP, userId: 'carol', state: {} },
    creationTimestamp: 0,
    finalSessionState: {},
  },
];

const metrics: EvalMetric[] = [
  { metricName: 'tool_trajectory_avg_score', threshold: 1 },
  { metricName: 'response_match_score', threshold: 0.8 },
];

async function setsManager(): Promise<InMemoryEvalSetsManager> {
  const manager = new InMemoryEvalSetsManager();
  await manager.createEvalSet({ appName: APP, evalSetId: SET });
  for (const evalCase of cases)
    await manager.addEvalCase({ appName: APP, evalSetId: SET, evalCase });
  return manager;
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

function byCase<T extends { evalCaseId: string } | { evalId: string }>(
  items: T[],
): Record<string, T> {
  const out: Record<string, T> = {};
  for (const item of items) out['evalCaseId' in item ? item.evalCaseId : item.evalId] = item;
  return out;
}

describe('LocalEvalService', () => {
  let agentsDir: string;
  beforeEach(async () => {
    agentsDir = await mkdtemp(path.join(tmpdir(), 'adk-eval-service-'));
  });
  afterEach(async () => {
    await rm(agentsDir, { recursive: true, force: true });
  });

  function service(overrides: Partial<ConstructorParameters<typeof LocalEvalService>[0]> = {}) {
    return setsManager().then(
      (evalSetsManager) =>
        new LocalEvalService({
          rootAgent: diceAgent(),
          evalSetsManager,
          sessionService: new InMemorySessionService(),
          ...overrides,
        }),
    );
  }

  it('runs every case, a failing one reported without stopping the others', async () => {
    const simulator = new ScriptedLlm({ responses: [textResponse('</finished>')] });
    const { UserSimulatorProvider } = await import('./simulation/user-simulator-provider.js');
    const eval_ = await service({
      userSimulatorProvider: new UserSimulatorProvider({
        userSimulatorConfig: { model: simulator },
      }),
    });
    const inferences = byCase(
      await collect(
        eval_.performInference({
          appName: APP,
          evalSetId: SET,
          inferenceConfig: { parallelism: 2 },
        }),
      ),
    );
    expect(Object.keys(inferences).sort()).toEqual([
      'explodes',
      'greet_then_roll',
      'roll_six',
      'scenario',
    ]);
    expect(inferences.roll_six!.status).toBe(InferenceStatus.SUCCESS);
    expect(inferences.roll_six!.sessionId).toMatch(/^___eval___session___[0-9a-f-]{36}$/);
    expect(inferences.greet_then_roll!.inferences).toHaveLength(2);
    expect(inferences.scenario!.inferences!.map((i) => i.userContent.parts?.[0]?.text)).toEqual([
      'Roll a die',
    ]);
    expect(inferences.explodes).toMatchObject({
      status: InferenceStatus.FAILURE,
      errorMessage: 'the model is down',
    });
    expect(inferences.explodes!.inferences).toBeUndefined();
  });

  it('runs only the requested cases', async () => {
    const eval_ = await service();
    const inferences = await collect(
      eval_.performInference({ appName: APP, evalSetId: SET, evalCaseIds: ['roll_six'] }),
    );
    expect(inferences.map((inference) => inference.evalCaseId)).toEqual(['roll_six']);
  });

  it('throws when the eval set does not exist', async () => {
    const eval_ = await service();
    await expect(
      collect(eval_.performInference({ appName: APP, evalSetId: 'nope' })),
    ).rejects.toThrow('Eval set with id nope not found for app dice_app');
  });

  it('scores each case per invocation and overall, and saves one result file for the run', async () => {
    const resultsManager = new LocalEvalSetResultsManager(agentsDir);
    const eval_ = await service({ evalSetResultsManager: resultsManager });
    const inferences = await collect(
      eval_.performInference({
        appName: APP,
        evalSetId: SET,
        evalCaseIds: ['roll_six', 'greet_then_roll', 'explodes'],
      }),
    );
    const results = byCase(
      await collect(
        eval_.evaluate({ inferenceResults: inferences, evaluateConfig: { evalMetrics: metrics } }),
      ),
    );

    const six = results.roll_six!;
    expect(six.finalEvalStatus).toBe(EvalStatus.PASSED);
    expect(six.userId).toBe('alice');
    expect(six.evalSetFile).toBe(SET);
    expect(
      six.overallEvalMetricResults.map((r) => [r.metricName, r.score, r.evalStatus, r.threshold]),
    ).toEqual([
      ['tool_trajectory_avg_score', 1, EvalStatus.PASSED, 1],
      ['response_match_score', 1, EvalStatus.PASSED, 0.8],
    ]);
    expect(six.evalMetricResultPerInvocation).toHaveLength(1);
    expect(six.evalMetricResultPerInvocation[0]!.expectedInvocation!.userContent).toEqual(
      user('Roll a die'),
    );
    expect(six.sessionDetails).toMatchObject({ appName: APP, userId: 'alice', id: six.sessionId });

    // Turn two rolled a 20-sided die where 6 sides were expected: trajectory 0.5 overall, failing.
    const two = results.greet_then_roll!;
    expect(two.finalEvalStatus).toBe(EvalStatus.FAILED);
    const trajectory = two.overallEvalMetricResults.find(
      (r) => r.metricName === 'tool_trajectory_avg_score',
    )!;
    expect(trajectory).toMatchObject({ score: 0.5, evalStatus: EvalStatus.FAILED });
    expect(
      two.evalMetricResultPerInvocation.map((entry) => entry.evalMetricResults[0]!.score),
    ).toEqual([1, 0]);

    const exploded = results.explodes!;
    expect(exploded.finalEvalStatus).toBe(EvalStatus.FAILED);
    expect(exploded.overallEvalMetricResults).toEqual([]);
    expect(exploded.userId).toBe('test_user_id');

    const files = await readdir(path.join(agentsDir, APP, '.adk', 'eval_history'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^dice_app_dice_set_.*\.evalset_result\.json$/);
    const saved = await resultsManager.getEvalSetResult({
      appName: APP,
      evalSetResultId: files[0]!.replace('.evalset_result.json', ''),
    });
    expect(saved.evalCaseResults.map((r: EvalCaseResult) => r.evalId).sort()).toEqual([
      'explodes',
      'greet_then_roll',
      'roll_six',
    ]);
  });

  it('counts a metric that throws as not evaluated, leaving the other metrics alone', async () => {
    const eval_ = await service();
    const inferences = await collect(
      eval_.performInference({ appName: APP, evalSetId: SET, evalCaseIds: ['roll_six'] }),
    );
    const [result] = await collect(
      eval_.evaluate({
        inferenceResults: inferences,
        evaluateConfig: {
          evalMetrics: [{ metricName: 'no_such_metric', threshold: 1 }, metrics[0]!],
        },
      }),
    );
    expect(result!.overallEvalMetricResults.map((r) => [r.metricName, r.evalStatus])).toEqual([
      ['no_such_metric', EvalStatus.NOT_EVALUATED],
      ['tool_trajectory_avg_score', EvalStatus.PASSED],
    ]);
    expect(result!.evalMetricResultPerInvocation[0]!.evalMetricResults[0]).toMatchObject({
      metricName: 'no_such_metric',
      evalStatus: EvalStatus.NOT_EVALUATED,
    });
    expect(result!.finalEvalStatus).toBe(EvalStatus.PASSED);
  });

  it('refuses an inference whose invocations do not match the conversation', async () => {
    const eval_ = await service();
    const [inference] = await collect(
      eval_.performInference({ appName: APP, evalSetId: SET, evalCaseIds: ['roll_six'] }),
    );
    const doubled: InferenceResult = {
      ...inference!,
      inferences: [...inference!.inferences!, ...inference!.inferences!],
    };
    await expect(
      collect(
        eval_.evaluate({ inferenceResults: [doubled], evaluateConfig: { evalMetrics: metrics } }),
      ),
    ).rejects.toThrow(
      'Inferences should match conversations in eval case. Found2 inferences 1 conversations in eval cases.',
    );
  });

  it('folds repeated runs into one result per case, averaging over every invocation', async () => {
    const eval_ = await service();
    const request = { appName: APP, evalSetId: SET, evalCaseIds: ['roll_six', 'greet_then_roll'] };
    const inferences = [
      ...(await collect(eval_.performInference(request))),
      ...(await collect(eval_.performInference(request))),
    ];
    const results = await collect(
      eval_.evaluate({ inferenceResults: inferences, evaluateConfig: { evalMetrics: metrics } }),
    );
    expect(results).toHaveLength(4);
    const aggregated = aggregateEvalCaseResults(results);
    expect(aggregated.map((r) => r.evalId)).toEqual(['greet_then_roll', 'roll_six']);
    const [two, six] = aggregated;
    expect(two!.evalMetricResultPerInvocation).toHaveLength(4);
    expect(two!.overallEvalMetricResults[0]).toMatchObject({
      metricName: 'tool_trajectory_avg_score',
      score: 0.5,
      evalStatus: EvalStatus.FAILED,
    });
    expect(two!.finalEvalStatus).toBe(EvalStatus.FAILED);
    expect(six!.finalEvalStatus).toBe(EvalStatus.PASSED);
    expect(six!.sessionId).toBe(
      results
        .filter((r) => r.evalId === 'roll_six')
        .map((r) => r.sessionId!)
        .sort()[0],
    );
  });
});
