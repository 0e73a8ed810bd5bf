import { describe, expect, it } from 'vitest';
import { createEvent } from '../events/event.js';
import { sampleEvalCaseResult } from '../testing/eval-set-results-manager-suite.js';
import {
  evalCaseResultFromJson,
  evalCaseResultToCamelCaseJson,
  evalSetResultFromFileText,
  evalSetResultToCamelCaseJson,
  evalSetResultToPythonJsonText,
} from './eval-result-json.js';
import { createEvalSetResult } from './eval-set-results-manager.js';
import { pythonFloat } from './eval-json.js';

describe('eval results JSON', () => {
  it('round-trips a result with its session through the file text', () => {
    const caseResult = sampleEvalCaseResult('one');
    caseResult.sessionDetails = {
      id: 'session-one',
      appName: 'app',
      userId: 'eval_user',
      state: { snake_key: 'v' },
      events: [
        createEvent({
          author: 'user',
          invocationId: 'e-1',
          timestamp: 1_764_201_600.5,
          content: { role: 'user', parts: [{ text: 'hi' }] },
          actions: { stateDelta: { snake_key: 'v' } },
        }),
      ],
      lastUpdateTime: 1_764_201_601,
    };
    const result = createEvalSetResult(
      { appName: 'app', evalSetId: 'set_1', evalCaseResults: [caseResult] },
      1_764_201_602,
    );
    const text = evalSetResultToPythonJsonText(result);
    expect(text).toContain('"last_update_time": 1764201601.0');
    expect(text).toContain('"state_delta": {\n');
    expect(evalSetResultFromFileText(text)).toEqual(
      evalSetResultFromFileText(JSON.stringify(JSON.parse(text))),
    );
    const read = evalSetResultFromFileText(text);
    expect(read.evalCaseResults[0]?.sessionDetails?.events[0]?.actions.stateDelta).toEqual({
      snake_key: 'v',
    });
    expect(evalSetResultToPythonJsonText(read)).toBe(text);
  });

  it('writes the camelCase form of the HTTP API', () => {
    const result = createEvalSetResult(
      { appName: 'app', evalSetId: 's', evalCaseResults: [sampleEvalCaseResult('c')] },
      10.5,
    );
    const camel = evalSetResultToCamelCaseJson(result);
    expect(camel).toMatchObject({
      evalSetResultId: 'app_s_10.5',
      evalCaseResults: [
        {
          evalSetFile: 'set_1',
          finalEvalStatus: 1,
          overallEvalMetricResults: [{ metricName: 'tool_trajectory_avg_score', evalStatus: 1 }],
          evalMetricResultPerInvocation: [
            { actualInvocation: { userContent: { parts: [{ text: 'hi' }] } } },
          ],
        },
      ],
    });
    const caseJson = evalCaseResultToCamelCaseJson(sampleEvalCaseResult('c'));
    expect(evalCaseResultFromJson(caseJson)).toEqual(sampleEvalCaseResult('c'));
  });

  it('refuses a result file that is not a result', () => {
    expect(() => evalSetResultFromFileText('nope')).toThrow(/must hold JSON/);
    expect(() => evalSetResultFromFileText('"{\\"eval_set_id\\": 1}"')).toThrow(/evalSetResultId/);
  });

  it('spells floats as Python prints them', () => {
    expect(pythonFloat(1)).toBe('1.0');
    expect(pythonFloat(0)).toBe('0.0');
    expect(pythonFloat(0.8)).toBe('0.8');
    expect(pythonFloat(1750000000.123456)).toBe('1750000000.123456');
    expect(pythonFloat(1e-7)).toBe('1e-07');
    expect(pythonFloat(1e16)).toBe('1e+16');
    expect(pythonFloat(-2.5e-5)).toBe('-2.5e-05');
  });
});
