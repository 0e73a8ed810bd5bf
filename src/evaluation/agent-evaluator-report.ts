import type { Content } from '../types/index.js';
import { getAllToolCalls, type Invocation } from './eval-case.js';
import { type EvalMetricResult, EvalStatus } from './eval-metrics.js';

/** One per-invocation result of a metric, with the invocations it judged. */
export interface MetricDetailRow {
  readonly result: EvalMetricResult;
  readonly entry: {
    readonly actualInvocation: Invocation;
    readonly expectedInvocation?: Invocation | undefined;
  };
}

/** What `formatMetricDetails` prints for one metric. */
export interface MetricDetails {
  readonly metricName: string;
  readonly threshold: number;
  readonly overallScore: number | undefined;
  readonly status: EvalStatus;
  readonly rows: readonly MetricDetailRow[];
}

/** The name Python prints for an eval status (`EvalStatus.PASSED`). */
export function evalStatusName(status: EvalStatus): string {
  const name = Object.entries(EvalStatus).find(([, value]) => value === status)?.[0];
  return `EvalStatus.${name ?? String(status)}`;
}

/** The text parts of `content`, one per line (Python `_convert_content_to_text`). */
export function contentText(content: Content | undefined): string {
  return (content?.parts ?? []).flatMap((part) => (part.text ? [part.text] : [])).join('\n');
}

/** The tool calls of an invocation, one per line. */
export function toolCallsText(invocation: Invocation | undefined): string {
  return getAllToolCalls(invocation?.intermediateData)
    .map((call) => `${call.name ?? ''}(${JSON.stringify(call.args ?? {})})`)
    .join('\n');
}

/**
 * A metric's summary line, as Python prints it, and a table of its
 * per-invocation results: status, score, threshold, prompt, expected and
 * actual response and tool calls (Python prints the same columns with
 * `tabulate`).
 */
export function formatMetricDetails(details: MetricDetails): string {
  const summary =
    `Summary: \`${evalStatusName(details.status)}\` for Metric: \`${details.metricName}\`. ` +
    `Expected threshold: \`${details.threshold}\`, actual value: \`${details.overallScore ?? 'None'}\`.`;
  const header = [
    'eval_status',
    'score',
    'threshold',
    'prompt',
    'expected_response',
    'actual_response',
    'expected_tool_calls',
    'actual_tool_calls',
  ];
  const rows = details.rows.map(({ result, entry }) => [
    evalStatusName(result.evalStatus),
    result.score === undefined ? 'None' : String(result.score),
    String(details.threshold),
    contentText((entry.expectedInvocation ?? entry.actualInvocation).userContent),
    contentText(entry.expectedInvocation?.finalResponse),
    contentText(entry.actualInvocation.finalResponse),
    toolCallsText(entry.expectedInvocation),
    toolCallsText(entry.actualInvocation),
  ]);
  return `${summary}\n${gridTable(header, rows)}\n\n`;
}

const MAX_COLUMN_WIDTH = 25;

// A grid table whose cells wrap at 25 characters, as tabulate's `grid` format with `maxcolwidths=25`.
function gridTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const wrapped = [header, ...rows].map((row) => row.map((cell) => wrap(cell)));
  const widths = header.map((_, column) =>
    Math.max(...wrapped.flatMap((row) => (row[column] ?? ['']).map((line) => line.length))),
  );
  const rule = (fill: string) => `+${widths.map((width) => fill.repeat(width + 2)).join('+')}+`;
  const render = (row: readonly string[][]) => {
    const height = Math.max(...row.map((lines) => lines.length));
    const lines: string[] = [];
    for (let index = 0; index < height; index++) {
      lines.push(
        `| ${row.map((cell, column) => (cell[index] ?? '').padEnd(widths[column] ?? 0)).join(' | ')} |`,
      );
    }
    return lines.join('\n');
  };
  const [head, ...body] = wrapped;
  const out = [rule('-'), render(head!), rule('=')];
  for (const row of body) out.push(render(row), rule('-'));
  return out.join('\n');
}

function wrap(text: string): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      let rest = word;
      while (rest.length > MAX_COLUMN_WIDTH) {
        if (line) {
          lines.push(line);
          line = '';
        }
        lines.push(rest.slice(0, MAX_COLUMN_WIDTH));
        rest = rest.slice(MAX_COLUMN_WIDTH);
      }
      if (!line) line = rest;
      else if (line.length + 1 + rest.length <= MAX_COLUMN_WIDTH) line += ` ${rest}`;
      else {
        lines.push(line);
        line = rest;
      }
    }
    lines.push(line);
  }
  return lines;
}
