import { describe, expect, it } from 'vitest';
import { detailedEvalResult, evalRunSummary, type ReportCaseResult } from './eval-report.js';

const user = (text: string) => ({ role: 'user', parts: [{ text }] });
const model = (text: string) => ({ role: 'model', parts: [{ text }] });

describe('evalRunSummary', () => {
  it('counts passed and not passed cases per eval set, in the order results came', () => {
    const result = (evalSetId: string, finalEvalStatus: number): ReportCaseResult => ({
      evalSetId,
      evalId: 'x',
      finalEvalStatus,
      overallEvalMetricResults: [],
    });
    expect(evalRunSummary([result('b', 1), result('a', 2), result('b', 3), result('b', 1)])).toBe(
      `${'*'.repeat(69)}\nEval Run Summary\n` +
        'b:\n  Tests passed: 2\n  Tests failed: 1\n' +
        'a:\n  Tests passed: 0\n  Tests failed: 1\n',
    );
  });
});

describe('detailedEvalResult', () => {
  it('prints rubric scores by their text, drops columns without values, wraps cells at 25, and a missing metric cell reads nan', () => {
    const criterion = {
      threshold: 0.5,
      rubrics: [{ rubricId: 'r1', rubricContent: { textProperty: 'Is polite.' } }],
    };
    const text = detailedEvalResult(
      {
        evalSetId: 'set',
        evalId: 'case',
        finalEvalStatus: 2,
        overallEvalMetricResults: [
          {
            metricName: 'rubric_based_final_response_quality_v1',
            threshold: 0.5,
            score: 0.25,
            evalStatus: 2,
            criterion,
            details: { rubricScores: [{ rubricId: 'r1', score: 0, rationale: 'Rude.' }] },
          },
        ],
        evalMetricResultPerInvocation: [
          {
            actualInvocation: { userContent: user('Hi'), finalResponse: model('Go away.') },
            evalMetricResults: [
              {
                metricName: 'rubric_based_final_response_quality_v1',
                score: 0,
                evalStatus: 2,
                criterion,
                details: { rubricScores: [{ rubricId: 'r1', score: 0, rationale: 'Rude.' }] },
              },
            ],
          },
          {
            actualInvocation: { userContent: user('Bye'), finalResponse: model('Bye.') },
            evalMetricResults: [],
          },
        ],
      },
      () => [],
    );
    expect(text).toBe(
      [
        'Eval Set Id: set',
        'Eval Id: case',
        'Overall Eval Status: FAILED',
        '-'.repeat(69),
        'Metric: rubric_based_final_response_quality_v1, Status: FAILED, Score: 0.25, Threshold: 0.5',
        'Rubric Scores:',
        'Rubric: Is polite., Score: 0.0, Reasoning: Rude.',
        '-'.repeat(69),
        'Invocation Details:',
        '+----+----------+-------------------+---------------------+------------------------------------------+--------------------------+',
        '|    | prompt   | actual_response   | actual_tool_calls   | rubric_based_final_response_quality_v1   | Rubric: Is polite.       |',
        '+====+==========+===================+=====================+==========================================+==========================+',
        '|  0 | Hi       | Go away.          |                     | Status: FAILED, Score:                   | Reasoning: Rude., Score: |',
        '|    |          |                   |                     | 0.0                                      | 0.0                      |',
        '+----+----------+-------------------+---------------------+------------------------------------------+--------------------------+',
        '|  1 | Bye      | Bye.              |                     | nan                                      | nan                      |',
        '+----+----------+-------------------+---------------------+------------------------------------------+--------------------------+',
        '',
        '',
        '',
        '',
      ].join('\n'),
    );
  });
});
