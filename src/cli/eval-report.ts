import type { Content, FunctionCall } from '../types/index.js';
import { gridTable, type GridCell } from './grid-table.js';
import { pythonRepr } from '../utils/python-repr.js';
import { pythonFloat, textWrap } from './python-text.js';

/*
 * What `adk eval` prints (adk-python cli_tools_click.py `cli_eval` and
 * cli_eval.py `pretty_print_eval_result`): the run summary, and with
 * --print_detailed_results each case's metrics and a table of its
 * invocations. The types below are the parts of the eval results read here.
 */

/** A rubric's score inside a metric result's details. */
interface ReportRubricScore {
  readonly rubricId: string;
  readonly score?: number | null;
  readonly rationale?: string | null;
}

/** The parts of an `EvalMetricResult` the report prints. */
export interface ReportMetricResult {
  readonly metricName: string;
  readonly threshold?: number | null;
  readonly score?: number | null;
  readonly evalStatus: number;
  readonly criterion?: unknown;
  readonly details?: { readonly rubricScores?: readonly ReportRubricScore[] | null } | null;
}

/** The parts of an `Invocation` the report prints. */
export interface ReportInvocation {
  readonly userContent: Content;
  readonly finalResponse?: Content | null;
  readonly intermediateData?: unknown;
}

/** The parts of an `EvalCaseResult` the report prints. */
export interface ReportCaseResult {
  readonly evalSetId: string;
  readonly evalId: string;
  readonly finalEvalStatus: number;
  readonly overallEvalMetricResults: readonly ReportMetricResult[];
  readonly evalMetricResultPerInvocation?: readonly {
    readonly actualInvocation: ReportInvocation;
    readonly expectedInvocation?: ReportInvocation | null;
    readonly evalMetricResults: readonly ReportMetricResult[];
  }[];
}

/** How the report finds an invocation's tool calls (the eval data's `getAllToolCalls`). */
export type ToolCallsOf = (intermediateData: unknown) => readonly FunctionCall[];

const STATUS_NAMES: Readonly<Record<number, string>> = {
  1: 'PASSED',
  2: 'FAILED',
  3: 'NOT_EVALUATED',
};

/** Python's `EvalStatus(...).name` of a numeric eval status. */
export function evalStatusName(status: number): string {
  return STATUS_NAMES[status] ?? String(status);
}

/**
 * The run summary: a line of 69 `*`, `Eval Run Summary`, then per eval set
 * (in the order results arrive) how many cases passed and how many did not.
 */
export function evalRunSummary(results: readonly ReportCaseResult[]): string {
  const counts = new Map<string, [number, number]>();
  for (const result of results) {
    const count = counts.get(result.evalSetId) ?? [0, 0];
    if (result.finalEvalStatus === 1) count[0] += 1;
    else count[1] += 1;
    counts.set(result.evalSetId, count);
  }
  let text = `${'*'.repeat(69)}\nEval Run Summary\n`;
  for (const [evalSetId, [passed, failed]] of counts) {
    text += `${evalSetId}:\n  Tests passed: ${passed}\n  Tests failed: ${failed}\n`;
  }
  return text;
}

/**
 * One case's detailed result: ids and overall status, each metric's status,
 * score and threshold (with rubric scores when the metric has them), then
 * `Invocation Details:` and a grid table with a row per invocation (prompt,
 * expected and actual response and tool calls, each metric's status and
 * score), cells wrapped at 40 then 25 columns; columns with no value in any
 * row are left out.
 */
export function detailedEvalResult(result: ReportCaseResult, toolCallsOf: ToolCallsOf): string {
  const rule = '-'.repeat(69);
  let text =
    `Eval Set Id: ${result.evalSetId}\nEval Id: ${result.evalId}\n` +
    `Overall Eval Status: ${evalStatusName(result.finalEvalStatus)}\n`;
  for (const metric of result.overallEvalMetricResults) {
    text +=
      `${rule}\nMetric: ${metric.metricName}, Status: ${evalStatusName(metric.evalStatus)}, ` +
      `Score: ${pythonFloat(metric.score)}, Threshold: ${pythonFloat(metric.threshold)}\n`;
    const rubricScores = metric.details?.rubricScores ?? [];
    if (rubricScores.length > 0) {
      text += 'Rubric Scores:\n';
      const rubrics = rubricTexts(metric.criterion);
      for (const rubricScore of rubricScores) {
        const rubric = rubrics.get(rubricScore.rubricId) || rubricScore.rubricId;
        text += `Rubric: ${rubric}, Score: ${pythonFloat(rubricScore.score)}, Reasoning: ${rubricScore.rationale ?? 'None'}\n`;
      }
    }
  }
  const rows: Map<string, GridCell>[] = [];
  for (const perInvocation of result.evalMetricResultPerInvocation ?? []) {
    const actual = perInvocation.actualInvocation;
    const expected = perInvocation.expectedInvocation ?? undefined;
    const row = new Map<string, GridCell | null>([
      ['prompt', contentText(actual.userContent)],
      ['expected_response', expected ? contentText(expected.finalResponse) : null],
      ['actual_response', contentText(actual.finalResponse)],
      [
        'expected_tool_calls',
        expected ? toolCallsText(toolCallsOf(expected.intermediateData)) : null,
      ],
      ['actual_tool_calls', toolCallsText(toolCallsOf(actual.intermediateData))],
    ]);
    for (const metric of perInvocation.evalMetricResults) {
      row.set(
        metric.metricName,
        `Status: ${evalStatusName(metric.evalStatus)}, Score: ${pythonFloat(metric.score)}`,
      );
      const rubrics = rubricTexts(metric.criterion);
      for (const rubricScore of metric.details?.rubricScores ?? []) {
        const rubric = rubrics.get(rubricScore.rubricId) || rubricScore.rubricId;
        row.set(
          `Rubric: ${rubric}`,
          `Reasoning: ${rubricScore.rationale ?? 'None'}, Score: ${pythonFloat(rubricScore.score)}`,
        );
      }
    }
    rows.push(row as Map<string, GridCell>);
  }
  if (rows.length > 0) {
    const headers: string[] = [];
    for (const row of rows) {
      for (const key of row.keys()) if (!headers.includes(key)) headers.push(key);
    }
    // Python drops the columns whose every value is None (no expected invocation).
    const kept = headers.filter((header) => rows.some((row) => row.get(header) !== null));
    const cells = rows.map((row) =>
      kept.map((header) => {
        const value = row.get(header);
        // pandas holds a missing or None value as NaN, which tabulate prints `nan`.
        return value === undefined || value === null ? undefined : textWrap(value, 40).join('\n');
      }),
    );
    text += `${rule}\nInvocation Details:\n`;
    text += `${gridTable(kept, cells, { maxColumnWidth: 25, showIndex: true })}\n\n\n\n`;
  }
  return text;
}

function contentText(content: Content | null | undefined): string {
  return (content?.parts ?? [])
    .map((part) => part.text)
    .filter((partText): partText is string => typeof partText === 'string' && partText !== '')
    .join('\n');
}

// Python prints each tool call as its pydantic model's str().
function toolCallsText(calls: readonly FunctionCall[]): string {
  return calls
    .map(
      (call) =>
        `id=${pythonRepr(call.id ?? null)} args=${pythonRepr(call.args ?? null)} ` +
        `name=${pythonRepr(call.name ?? null)} partial_args=None will_continue=None`,
    )
    .join('\n');
}

function rubricTexts(criterion: unknown): Map<string, string> {
  const texts = new Map<string, string>();
  const rubrics = (criterion as { rubrics?: unknown } | null | undefined)?.rubrics;
  if (!Array.isArray(rubrics)) return texts;
  for (const rubric of rubrics as {
    rubricId?: string;
    rubricContent?: { textProperty?: string };
  }[]) {
    if (rubric.rubricId && rubric.rubricContent?.textProperty) {
      texts.set(rubric.rubricId, rubric.rubricContent.textProperty);
    }
  }
  return texts;
}
