import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { ScriptedLlm, functionCallResponse, textResponse } from '../testing/scripted-llm.js';
import { FunctionTool } from '../tools/function-tool.js';
import { serveApiServer, type ApiServerHandle } from './serve-api-server.js';
import { callerOf, expectEvalSetDeletion } from './dev-eval-test-fixtures.js';
import { StaticAgentLoader } from './static-agent-loader.js';

// adk-python's dev-server eval routes (reference/adk-python.md §2.2,
// dev_server.py), over real HTTP, with eval sets stored in a temp agents
// directory as Python's LocalEvalSetsManager stores them.

let agentsDirectory: string;
let server: ApiServerHandle;

/** The dice agent: rolls once (roll_die answers 4), then reports the roll. */
function diceAgent(): LlmAgent {
  return new LlmAgent({
    name: 'dice_agent',
    instruction: 'Roll dice for {user_name}.',
    model: new ScriptedLlm({
      responses: (request) => {
        const rolled = request.contents.at(-1)?.parts?.find((part) => part.functionResponse)
          ?.functionResponse?.response;
        return rolled
          ? textResponse(`You rolled ${String(rolled['result'])}.`)
          : functionCallResponse('roll_die', { sides: 6 });
      },
    }),
    tools: [
      new FunctionTool({
        name: 'roll_die',
        description: 'Rolls a die.',
        parameters: z.object({ sides: z.number() }),
        execute: () => ({ result: 4 }),
      }),
    ],
  });
}

const call = callerOf(() => server);

async function json(response: Response): Promise<unknown> {
  return (await response.json()) as unknown;
}

beforeAll(async () => {
  agentsDirectory = await mkdtemp(path.join(tmpdir(), 'adk-eval-routes-'));
  await mkdir(path.join(agentsDirectory, 'dice'));
  server = await serveApiServer({
    port: 0,
    agentLoader: new StaticAgentLoader({ apps: { dice: diceAgent() } }),
    sessionService: new InMemorySessionService(),
    dev: { agentsDirectory },
  });
});

afterAll(async () => {
  await server.close();
  await rm(agentsDirectory, { recursive: true, force: true });
});

describe('eval sets', () => {
  it('are created as *.evalset.json files, listed in both forms, read back; ids are checked', async () => {
    const created = await call('POST', '/dev/apps/dice/eval-sets', {
      eval_set: {
        eval_set_id: 'smoke',
        model_execution_mode: 'live',
        tool_execution_mode: 'live',
        eval_cases: [],
      },
    });
    expect(created.status).toBe(200);
    const body = (await json(created)) as Record<string, unknown>;
    expect(body).toEqual({
      eval_set_id: 'smoke',
      name: 'smoke',
      eval_cases: [],
      creation_timestamp: expect.any(Number) as number,
    });
    const file = JSON.parse(
      await readFile(path.join(agentsDirectory, 'dice', 'smoke.evalset.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(file['eval_set_id']).toBe('smoke');

    expect((await call('POST', '/dev/apps/dice/eval_sets/legacy_set')).status).toBe(200);
    const taken = await call('POST', '/dev/apps/dice/eval-sets', {
      evalSet: { eval_set_id: 'smoke', eval_cases: [] },
    });
    expect(taken.status).toBe(400);
    expect(await json(taken)).toEqual({ detail: expect.stringContaining('smoke') as string });
    const invalid = await call('POST', '/dev/apps/dice/eval-sets', {
      eval_set: { eval_set_id: 'not-valid', eval_cases: [] },
    });
    expect(invalid.status).toBe(400);
    expect((await call('POST', '/dev/apps/dice/eval-sets', {})).status).toBe(422);

    // Other tests add sets of their own (the order is shuffled): the listing is sorted.
    const { evalSetIds } = (await json(await call('GET', '/dev/apps/dice/eval-sets'))) as {
      evalSetIds: string[];
    };
    expect(evalSetIds).toEqual([...evalSetIds].sort());
    expect(evalSetIds).toEqual(expect.arrayContaining(['legacy_set', 'smoke']));
    expect(await json(await call('GET', '/dev/apps/dice/eval_sets'))).toEqual(evalSetIds);
    const read = await call('GET', '/dev/apps/dice/eval-sets/smoke');
    expect(read.status).toBe(200);
    expect(await json(read)).toEqual(body);
    expect((await call('GET', '/dev/apps/dice/eval-sets/ghost')).status).toBe(404);
    expect((await call('GET', '/dev/apps/dice/eval_sets/ghost/evals')).status).toBe(400);
    expect((await call('GET', '/dev/apps/dice/eval_sets/..%2Fsecret/evals')).status).toBe(400);
    expect((await call('GET', '/dev/apps/nowhere/eval-sets')).status).toBe(404);
    expect((await call('GET', '/dev/apps/bad-name!/eval-sets')).status).toBe(400);
  });
});

// A case as adk-python's LocalEvalSetsManager writes it (snake_case, floats as floats).
const PYTHON_CASES_FILE = `{
  "eval_set_id": "cases",
  "name": "cases",
  "eval_cases": [
    {
      "eval_id": "first_roll",
      "conversation": [
        {
          "invocation_id": "e-1d6f3b1c-6a43-4f0e-9b1e-2f3c4d5e6f70",
          "user_content": {
            "parts": [
              {
                "text": "Roll a die."
              }
            ],
            "role": "user"
          },
          "final_response": {
            "parts": [
              {
                "text": "You rolled 4."
              }
            ],
            "role": "model"
          },
          "intermediate_data": {
            "tool_uses": [
              {
                "args": {
                  "sides": 6
                },
                "name": "roll_die"
              }
            ]
          },
          "creation_timestamp": 1764201600.5
        }
      ],
      "session_input": {
        "app_name": "dice",
        "user_id": "alice",
        "state": {
          "user_name": ""
        }
      },
      "creation_timestamp": 1764201601.0
    }
  ],
  "creation_timestamp": 1764201599.0
}`;

describe('eval cases', () => {
  beforeAll(async () => {
    await writeFile(path.join(agentsDirectory, 'dice', 'cases.evalset.json'), PYTHON_CASES_FILE);
  });

  it('a case of a Python file is read in camelCase, replaced, its id checked against the route, and deleted', async () => {
    expect(await json(await call('GET', '/dev/apps/dice/eval_sets/cases/evals'))).toEqual([
      'first_roll',
    ]);
    const route = '/dev/apps/dice/eval_sets/cases/evals/first_roll';
    const evalCase = (await json(
      await call('GET', '/dev/apps/dice/eval-sets/cases/eval-cases/first_roll'),
    )) as Record<string, unknown>;
    expect(evalCase).toEqual({
      evalId: 'first_roll',
      conversation: [
        {
          invocationId: 'e-1d6f3b1c-6a43-4f0e-9b1e-2f3c4d5e6f70',
          userContent: { parts: [{ text: 'Roll a die.' }], role: 'user' },
          finalResponse: { parts: [{ text: 'You rolled 4.' }], role: 'model' },
          intermediateData: {
            toolUses: [{ args: { sides: 6 }, name: 'roll_die' }],
            toolResponses: [],
            intermediateResponses: [],
          },
          creationTimestamp: 1764201600.5,
        },
      ],
      sessionInput: { appName: 'dice', userId: 'alice', state: { user_name: '' } },
      creationTimestamp: 1764201601,
      finalSessionState: {},
    });
    expect(await json(await call('GET', route))).toEqual(evalCase);

    const [turn] = evalCase['conversation'] as Record<string, unknown>[];
    const edited = {
      ...evalCase,
      conversation: [{ ...turn, finalResponse: { role: 'model', parts: [{ text: 'A four.' }] } }],
    };
    expect((await call('PUT', route, edited)).status).toBe(200);
    const [editedTurn] = ((await json(await call('GET', route))) as Record<string, unknown>)[
      'conversation'
    ] as Record<string, unknown>[];
    expect(editedTurn?.['finalResponse']).toEqual({ role: 'model', parts: [{ text: 'A four.' }] });
    const file = await readFile(path.join(agentsDirectory, 'dice', 'cases.evalset.json'), 'utf8');
    expect(file).toContain('"text": "A four."');
    expect(file).toContain('"creation_timestamp": 1764201601.0');

    const mismatch = await call('PUT', route, { ...edited, evalId: 'another' });
    expect(mismatch.status).toBe(400);
    expect(await json(mismatch)).toEqual({
      detail: 'Eval id in EvalCase should match the eval id in the API route.',
    });
    expect(
      (await call('PUT', '/dev/apps/dice/eval_sets/cases/evals/ghost', { ...edited, evalId: '' }))
        .status,
    ).toBe(404);
    expect((await call('PUT', route, { evalId: 'first_roll' })).status).toBe(422);

    expect(
      (await call('DELETE', '/dev/apps/dice/eval-sets/cases/eval-cases/first_roll')).status,
    ).toBe(200);
    const missing = await call('GET', route);
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({
      detail: 'Eval set `cases` or Eval `first_roll` not found.',
    });
    expect((await call('DELETE', route)).status).toBe(404);
  });

  it('a whole eval set is deleted (adk-web calls it; the reference has no such route)', async () => {
    await expectEvalSetDeletion(call, 'dice', 'doomed');
  });
});

describe('eval results', () => {
  it('are listed in both forms, sorted; a missing one is 404', async () => {
    // Runs elsewhere in this file may have saved results (the order is shuffled).
    const { evalResultIds } = (await json(await call('GET', '/dev/apps/dice/eval-results'))) as {
      evalResultIds: string[];
    };
    expect(evalResultIds).toEqual([...evalResultIds].sort());
    expect(await json(await call('GET', '/dev/apps/dice/eval_results'))).toEqual(evalResultIds);
    expect((await call('GET', '/dev/apps/dice/eval-results/dice_smoke_1')).status).toBe(404);
    expect((await call('GET', '/dev/apps/dice/eval_results/..%2Fsecret')).status).toBe(400);
  });
});

describe('metrics-info', () => {
  it('lists the registry’s metrics with their value ranges, in camelCase', async () => {
    const { metricsInfo } = (await json(await call('GET', '/dev/apps/dice/metrics-info'))) as {
      metricsInfo: Record<string, unknown>[];
    };
    const trajectory = metricsInfo.find(
      (info) => info['metricName'] === 'tool_trajectory_avg_score',
    );
    expect(trajectory).toEqual({
      metricName: 'tool_trajectory_avg_score',
      description: expect.any(String) as string,
      metricValueInfo: {
        interval: { minValue: 0, openAtMin: false, maxValue: 1, openAtMax: false },
      },
    });
    expect(metricsInfo.map((info) => info['metricName'])).toContain('response_match_score');
    expect((await call('GET', '/dev/apps/nowhere/metrics-info')).status).toBe(404);
  });
});

describe('a session added as a case, then run', () => {
  let sessionId: string;

  beforeAll(async () => {
    await call('POST', '/dev/apps/dice/eval-sets', {
      eval_set: { eval_set_id: 'runs', eval_cases: [] },
    });
    const session = (await json(
      await call('POST', '/apps/dice/users/alice/sessions', { state: { user_name: 'Alice' } }),
    )) as { id: string };
    sessionId = session.id;
    const run = await call('POST', '/run', {
      appName: 'dice',
      userId: 'alice',
      sessionId,
      newMessage: { role: 'user', parts: [{ text: 'Roll a die.' }] },
    });
    expect(run.status).toBe(200);
    const added = await call('POST', '/dev/apps/dice/eval_sets/runs/add_session', {
      evalId: 'recorded_roll',
      sessionId,
      userId: 'alice',
    });
    expect(added.status).toBe(200);
    expect(await json(added)).toBeNull();
  });

  it('the session becomes a case: its turn as an invocation, the empty state of the instructions', async () => {
    const evalCase = (await json(
      await call('GET', '/dev/apps/dice/eval-sets/runs/eval-cases/recorded_roll'),
    )) as Record<string, unknown>;
    expect(evalCase['sessionInput']).toEqual({
      appName: 'dice',
      userId: 'alice',
      state: { user_name: '' },
    });
    const [turn, ...more] = evalCase['conversation'] as Record<string, unknown>[];
    expect(more).toEqual([]);
    expect(turn?.['userContent']).toEqual({ role: 'user', parts: [{ text: 'Roll a die.' }] });
    expect(turn?.['finalResponse']).toEqual({ role: 'model', parts: [{ text: 'You rolled 4.' }] });
    expect(JSON.stringify(turn?.['intermediateData'])).toContain('"roll_die"');

    const again = await call('POST', '/dev/apps/dice/eval-sets/runs/add-session', {
      evalId: 'recorded_roll',
      sessionId,
      userId: 'alice',
    });
    expect(again.status).toBe(400);
    const noSession = await call('POST', '/dev/apps/dice/eval-sets/runs/add-session', {
      evalId: 'other',
      sessionId: 'nope',
      userId: 'alice',
    });
    expect(noSession.status).toBe(404);
    const noSet = await call('POST', '/dev/apps/dice/eval-sets/ghost/add-session', {
      evalId: 'other',
      sessionId,
      userId: 'alice',
    });
    expect(noSet.status).toBe(404);
  });

  it('runs the case with the chosen metrics and thresholds, saves the result, hides eval sessions', async () => {
    // A case of its own: this test edits it (tests run in a shuffled order).
    await call('POST', '/dev/apps/dice/eval-sets/runs/add-session', {
      evalId: 'run_roll',
      sessionId,
      userId: 'alice',
    });
    const metrics = [
      { metricName: 'tool_trajectory_avg_score', threshold: 1 },
      { metric_name: 'response_match_score', threshold: 0.7 },
    ];
    const passed = await call('POST', '/dev/apps/dice/eval-sets/runs/run', {
      eval_case_ids: ['run_roll'],
      eval_metrics: metrics,
    });
    expect(passed.status).toBe(200);
    const { runEvalResults } = (await json(passed)) as {
      runEvalResults: Record<string, unknown>[];
    };
    expect(runEvalResults).toHaveLength(1);
    const [result] = runEvalResults;
    expect(Object.keys(result ?? {})).toEqual([
      'evalSetFile',
      'evalSetId',
      'evalId',
      'finalEvalStatus',
      'evalMetricResults',
      'overallEvalMetricResults',
      'evalMetricResultPerInvocation',
      'userId',
      'sessionId',
    ]);
    expect(result).toMatchObject({
      evalSetId: 'runs',
      evalId: 'run_roll',
      finalEvalStatus: 1,
      evalMetricResults: [],
      userId: 'alice',
    });
    expect(result?.['sessionId']).toMatch(/^___eval___session___/);
    expect(result?.['overallEvalMetricResults']).toEqual([
      expect.objectContaining({ metricName: 'tool_trajectory_avg_score', score: 1, evalStatus: 1 }),
      expect.objectContaining({ metricName: 'response_match_score', score: 1, evalStatus: 1 }),
    ]);
    const [perInvocation] = result?.['evalMetricResultPerInvocation'] as Record<string, unknown>[];
    expect(perInvocation?.['actualInvocation']).toMatchObject({
      finalResponse: { parts: [{ text: 'You rolled 4.' }] },
    });
    expect(perInvocation?.['expectedInvocation']).toMatchObject({
      finalResponse: { parts: [{ text: 'You rolled 4.' }] },
    });

    // Expecting another answer fails the response metric; the legacy route answers a bare list.
    const route = '/dev/apps/dice/eval_sets/runs/evals/run_roll';
    const evalCase = (await json(await call('GET', route))) as Record<string, unknown>;
    const [turn] = evalCase['conversation'] as Record<string, unknown>[];
    await call('PUT', route, {
      ...evalCase,
      conversation: [
        { ...turn, finalResponse: { role: 'model', parts: [{ text: 'Snake eyes, sorry.' }] } },
      ],
    });
    const failed = await call('POST', '/dev/apps/dice/eval_sets/runs/run_eval', {
      eval_ids: ['run_roll'],
      eval_metrics: metrics,
    });
    expect(failed.status).toBe(200);
    const [failedResult] = (await json(failed)) as Record<string, unknown>[];
    expect(failedResult).toMatchObject({ evalId: 'run_roll', finalEvalStatus: 2 });
    expect(failedResult?.['overallEvalMetricResults']).toEqual([
      expect.objectContaining({ metricName: 'tool_trajectory_avg_score', evalStatus: 1 }),
      expect.objectContaining({ metricName: 'response_match_score', evalStatus: 2 }),
    ]);

    // Each run saved one result of the set, readable in camelCase.
    const { evalResultIds } = (await json(await call('GET', '/dev/apps/dice/eval-results'))) as {
      evalResultIds: string[];
    };
    const runResults = evalResultIds.filter((id) => id.startsWith('dice_runs_'));
    expect(runResults).toHaveLength(2);
    const saved = (await json(
      await call('GET', `/dev/apps/dice/eval_results/${runResults[0] ?? ''}`),
    )) as Record<string, unknown>;
    expect(saved).toMatchObject({ evalSetResultId: runResults[0], evalSetId: 'runs' });
    expect(saved['evalCaseResults']).toEqual([
      expect.objectContaining({ evalId: 'run_roll', evalSetId: 'runs' }),
    ]);

    const sessions = (await json(await call('GET', '/apps/dice/users/alice/sessions'))) as {
      id: string;
    }[];
    expect(sessions.map((session) => session.id)).toEqual(
      sessions.map((session) => session.id).filter((id) => !id.startsWith('___eval___session___')),
    );
    expect(sessions.map((session) => session.id)).toContain(sessionId);
  });

  it('refuses a missing set (400), live inference (400) and a body without metrics (422)', async () => {
    const missing = await call('POST', '/dev/apps/dice/eval-sets/ghost/run', { eval_metrics: [] });
    expect(missing.status).toBe(400);
    expect(await json(missing)).toEqual({ detail: 'Eval set `ghost` not found.' });
    const live = await call('POST', '/dev/apps/dice/eval-sets/runs/run', {
      eval_metrics: [],
      live_model_config: {},
    });
    expect(live.status).toBe(400);
    expect((await call('POST', '/dev/apps/dice/eval-sets/runs/run', {})).status).toBe(422);
  });
});
