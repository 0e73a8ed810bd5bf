import { stableJson } from './tool-call-diff';
import type { ToolCall } from './invocation-parts';

/** One tool call as `name {args}` (keys sorted), in monospace. */
export function ToolCallText({ call }: { call: ToolCall }) {
  return (
    <code class="tool-call-text">
      <span class="strong">{call.name}</span> {stableJson(call.args)}
    </code>
  );
}
