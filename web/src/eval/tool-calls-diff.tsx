import { useMemo } from 'preact/hooks';
import type { ToolCall } from './invocation-parts';
import { alignToolCalls } from './tool-call-diff';
import { ToolCallText } from './tool-call-text';

/**
 * Expected and actual tool calls side by side, paired by position; a row
 * whose calls differ (name or arguments), or that has a call on one side
 * only, is marked.
 */
export function ToolCallsDiff({ expected, actual }: { expected: ToolCall[]; actual: ToolCall[] }) {
  const rows = useMemo(() => alignToolCalls(expected, actual), [expected, actual]);
  if (rows.length === 0) return <p class="muted">No tool calls expected or made.</p>;
  return (
    <table class="tool-calls-diff" aria-label="Tool calls">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Expected</th>
          <th scope="col">Actual</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index} class={row.matches ? 'match' : 'mismatch'} data-match={row.matches}>
            <td>{row.matches ? index + 1 : `${index + 1} ≠`}</td>
            <td>
              {row.expected ? <ToolCallText call={row.expected} /> : <span class="muted">—</span>}
            </td>
            <td>
              {row.actual ? <ToolCallText call={row.actual} /> : <span class="muted">—</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
