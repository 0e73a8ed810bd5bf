import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootAgent } from '../../examples/agents/hello_eval/agent.js';
import type { InferenceResult } from '../../src/evaluation/base-eval-service.js';
import {
  getEvalMetricsFromConfig,
  getEvaluationCriteriaOrDefault,
} from '../../src/evaluation/eval-config.js';
import { evalSetResultToPythonJsonText } from '../../src/evaluation/eval-result-json.js';
import { LocalEvalService } from '../../src/evaluation/local-eval-service.js';
import { LocalEvalSetResultsManager } from '../../src/evaluation/local-eval-set-results-manager.js';
import { LocalEvalSetsManager } from '../../src/evaluation/local-eval-sets-manager.js';

/*
 * The results file of a real eval run (the hello_eval example agent, its
 * eval set and criteria) checked field by field against adk-python's
 * pydantic models: each object's keys are its model's fields in declaration
 * order (pydantic writes them so; absent fields are left out), spelled by
 * field name (snake_case), genai objects included.
 */

// adk-python's declaration orders (eval_result.py, eval_metrics.py, eval_case.py,
// app_details.py, sessions/session.py) and google-genai's (types.py).
const FIELDS = {
  evalSetResult: [
    'eval_set_result_id',
    'eval_set_result_name',
    'eval_set_id',
    'eval_case_results',
    'creation_timestamp',
  ],
  evalCaseResult: [
    'eval_set_file',
    'eval_set_id',
    'eval_id',
    'final_eval_status',
    'eval_metric_results',
    'overall_eval_metric_results',
    'eval_metric_result_per_invocation',
    'session_id',
    'session_details',
    'user_id',
  ],
  evalMetricResult: [
    'metric_name',
    'threshold',
    'criterion',
    'custom_function_path',
    'score',
    'eval_status',
    'details',
  ],
  evalMetricResultPerInvocation: [
    'actual_invocation',
    'expected_invocation',
    'eval_metric_results',
  ],
  invocation: [
    'invocation_id',
    'user_content',
    'final_response',
    'intermediate_data',
    'creation_timestamp',
    'inference_call_count',
    'duration',
    'rubrics',
    'app_details',
  ],
  intermediateData: ['tool_uses', 'tool_responses', 'intermediate_responses'],
  invocationEvents: ['invocation_events'],
  invocationEvent: ['author', 'content', 'grounding_metadata', 'usage_metadata', 'model_version'],
  appDetails: ['agent_details'],
  agentDetails: ['name', 'instructions', 'tool_declarations'],
  session: ['id', 'app_name', 'user_id', 'state', 'events', 'last_update_time'],
  content: ['parts', 'role'],
  functionCall: ['id', 'args', 'name', 'partial_args', 'will_continue'],
  functionResponse: ['will_continue', 'scheduling', 'parts', 'id', 'name', 'response'],
  functionDeclaration: [
    'description',
    'name',
    'parameters',
    'parameters_json_schema',
    'response',
    'response_json_schema',
    'behavior',
  ],
  schema: [
    'additional_properties',
    'defs',
    'ref',
    'any_of',
    'default',
    'description',
    'enum',
    'example',
    'format',
    'items',
    'max_items',
    'max_length',
    'max_properties',
    'maximum',
    'min_items',
    'min_length',
    'min_properties',
    'minimum',
    'nullable',
    'pattern',
    'properties',
    'property_ordering',
    'required',
    'title',
    'type',
  ],
} as const;

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => value as Json;
const list = (value: unknown): Json[] => (value ?? []) as Json[];

/** `value`'s keys are fields of `model`, in its declaration order. */
function expectModel(value: unknown, model: keyof typeof FIELDS): void {
  const declared: readonly string[] = FIELDS[model];
  const keys = Object.keys(obj(value));
  expect(
    keys.filter((key) => !declared.includes(key)),
    model,
  ).toEqual([]);
  expect(keys, model).toEqual([...keys].sort((a, b) => declared.indexOf(a) - declared.indexOf(b)));
}

function expectContent(content: unknown): void {
  expectModel(content, 'content');
  for (const part of list(obj(content)['parts'])) {
    if (part['function_call']) expectModel(part['function_call'], 'functionCall');
    if (part['function_response']) expectModel(part['function_response'], 'functionResponse');
  }
}

function expectSchema(schema: unknown): void {
  expectModel(schema, 'schema');
  const { properties, items } = obj(schema);
  for (const property of Object.values(obj(properties ?? {}))) expectSchema(property);
  if (items) expectSchema(items);
}

function expectInvocation(invocation: unknown): void {
  expectModel(invocation, 'invocation');
  const { user_content, final_response, intermediate_data, app_details } = obj(invocation);
  expectContent(user_content);
  if (final_response) expectContent(final_response);
  const data = obj(intermediate_data ?? {});
  if ('invocation_events' in data) {
    expectModel(data, 'invocationEvents');
    for (const event of list(data['invocation_events'])) {
      expectModel(event, 'invocationEvent');
      if (event['content']) expectContent(event['content']);
    }
  } else {
    expectModel(data, 'intermediateData');
    for (const call of list(data['tool_uses'])) expectModel(call, 'functionCall');
    for (const response of list(data['tool_responses'])) expectModel(response, 'functionResponse');
  }
  if (app_details) {
    expectModel(app_details, 'appDetails');
    for (const agent of Object.values(obj(obj(app_details)['agent_details']))) {
      expectModel(agent, 'agentDetails');
      for (const tool of list(obj(agent)['tool_declarations'])) {
        expect(Object.keys(tool)).toEqual(['function_declarations']);
        for (const declaration of list(tool['function_declarations'])) {
          expectModel(declaration, 'functionDeclaration');
          if (declaration['parameters']) expectSchema(declaration['parameters']);
        }
      }
    }
  }
}

/** Every key at every depth; the example's own data (state, args, results) has no capitals either. */
function allKeys(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) allKeys(item, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      allKeys(item, out);
    }
  }
  return out;
}

const agentsDir = fileURLToPath(new URL('../../examples/agents/', import.meta.url));
let resultsDir = '';
let fileName = '';
let text = '';

beforeAll(async () => {
  resultsDir = await mkdtemp(path.join(tmpdir(), 'adk-results-shape-'));
  const service = new LocalEvalService({
    rootAgent,
    evalSetsManager: new LocalEvalSetsManager(agentsDir),
    evalSetResultsManager: new LocalEvalSetResultsManager(resultsDir),
  });
  const inferences: InferenceResult[] = [];
  for await (const inference of service.performInference({
    appName: 'hello_eval',
    evalSetId: 'hello_eval_set',
  })) {
    inferences.push(inference);
  }
  const config = await getEvaluationCriteriaOrDefault(
    path.join(agentsDir, 'hello_eval', 'test_config.json'),
  );
  const evalMetrics = getEvalMetricsFromConfig(config);
  for await (const result of service.evaluate({
    inferenceResults: inferences,
    evaluateConfig: { evalMetrics },
  })) {
    void result;
  }
  const historyDir = path.join(resultsDir, 'hello_eval', '.adk', 'eval_history');
  const files = await readdir(historyDir);
  expect(files).toHaveLength(1);
  fileName = files[0] ?? '';
  text = await readFile(path.join(historyDir, fileName), 'utf8');
});

afterAll(async () => {
  if (resultsDir) await rm(resultsDir, { recursive: true, force: true });
});

describe('the results file of an eval run', () => {
  it("is in Python's shape: snake_case field names in pydantic's declaration order", () => {
    const json = JSON.parse(text) as Json;
    expect(Object.keys(json)).toEqual(FIELDS.evalSetResult);
    expect(allKeys(json).filter((key) => /[A-Z]/.test(key))).toEqual([]);
    expect(text).toContain('"function_declarations": [');

    const cases = list(json['eval_case_results']);
    // Cases are written in the order they finish, as Python's as_completed gives them.
    expect(cases.map((evalCase) => evalCase['eval_id']).sort()).toEqual([
      'roll_and_check',
      'what_can_you_do',
    ]);
    let sawTools = false;
    for (const evalCase of cases) {
      expectModel(evalCase, 'evalCaseResult');
      for (const result of list(evalCase['overall_eval_metric_results'])) {
        expectModel(result, 'evalMetricResult');
      }
      for (const perInvocation of list(evalCase['eval_metric_result_per_invocation'])) {
        expectModel(perInvocation, 'evalMetricResultPerInvocation');
        expectInvocation(perInvocation['actual_invocation']);
        expectInvocation(perInvocation['expected_invocation']);
        for (const result of list(perInvocation['eval_metric_results'])) {
          expectModel(result, 'evalMetricResult');
        }
        sawTools ||= obj(perInvocation['actual_invocation'])['app_details'] !== undefined;
      }
      const session = evalCase['session_details'];
      expectModel(session, 'session');
      for (const event of list(obj(session)['events'])) {
        if (event['content']) expectContent(event['content']);
      }
    }
    expect(sawTools).toBe(true);

    // The model's contents (written `{role, parts}` in memory) come out parts first.
    expect(text).not.toMatch(/"role": "[a-z]+",\s*"parts"/);
  });

  it('loads back, with genai objects camelCase in memory, and is written again byte for byte', async () => {
    const manager = new LocalEvalSetResultsManager(resultsDir);
    const loaded = await manager.getEvalSetResult({
      appName: 'hello_eval',
      evalSetResultId: fileName.replace(/\.evalset_result\.json$/, ''),
    });
    const [, rollCase] = loaded.evalCaseResults;
    const actual = rollCase?.evalMetricResultPerInvocation[0]?.actualInvocation;
    const tools = actual?.appDetails?.agentDetails['hello_eval']?.toolDeclarations;
    expect(tools).toEqual([
      {
        functionDeclarations: expect.arrayContaining([
          expect.objectContaining({ name: 'roll_die' }),
          expect.objectContaining({ name: 'check_prime' }),
        ]) as unknown,
      },
    ]);
    expect(Object.keys(actual?.userContent ?? {})).toEqual(['parts', 'role']);
    expect(evalSetResultToPythonJsonText(loaded)).toBe(text);
  });
});
