import type { ToolCall } from './invocation-parts';

/** One row of the side-by-side tool calls: the n-th expected and n-th actual call, and whether they agree. */
export interface ToolCallRow {
  expected?: ToolCall;
  actual?: ToolCall;
  /** Same name and deep-equal arguments. */
  matches: boolean;
}

/** JSON with object keys sorted, so argument order does not matter. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Whether two calls have the same name and deep-equal arguments. */
export function sameToolCall(a: ToolCall, b: ToolCall): boolean {
  return a.name === b.name && stableJson(a.args) === stableJson(b.args);
}

/**
 * Pairs expected and actual tool calls position by position (the order the
 * exact trajectory match compares them in); the longer list's extra calls
 * get rows with one side empty.
 */
export function alignToolCalls(
  expected: readonly ToolCall[],
  actual: readonly ToolCall[],
): ToolCallRow[] {
  const rows: ToolCallRow[] = [];
  for (let index = 0; index < Math.max(expected.length, actual.length); index += 1) {
    const left = expected[index];
    const right = actual[index];
    rows.push({
      ...(left ? { expected: left } : {}),
      ...(right ? { actual: right } : {}),
      matches: left !== undefined && right !== undefined && sameToolCall(left, right),
    });
  }
  return rows;
}
