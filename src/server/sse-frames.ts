import { AdkError } from '../errors/adk-error.js';
import { ToolExecutionError } from '../errors/tool-execution-error.js';
import type { Event } from '../events/event.js';
import { nowSeconds } from '../utils/clock.js';
import { publicErrorMessage } from './error-response.js';

/** One SSE frame as Python's `/run_sse` writes it: `data: <json>\n\n`, no `id:` or `event:` field. */
export function sseFrame(json: unknown): string {
  return `data: ${JSON.stringify(json)}\n\n`;
}

/**
 * The events to send for one run event. An event with both content parts
 * and an `artifactDelta` goes out as two (adk-web renders artifacts from the
 * parts and from the actions): first a copy with the delta cleared, then a
 * copy without content carrying the delta. `split` is false when the request
 * resumes a long-running call (`functionCallEventId`), as in Python.
 */
export function eventsToSend(event: Event, split: boolean): Event[] {
  const hasDelta = Object.keys(event.actions.artifactDelta).length > 0;
  if (!split || !hasDelta || !event.content?.parts?.length) return [event];
  // Shallow copies suffice: the wire conversion copies every nested value.
  const contentEvent: Event = { ...event, actions: { ...event.actions, artifactDelta: {} } };
  const { content: _content, ...artifactEvent } = event;
  return [contentEvent, artifactEvent];
}

/**
 * The frame body Python sends when the run fails after the stream started:
 * `{"error": "<Type>: <message>", "error_details": {"error_type",
 * "error_message", "timestamp"}}` (snake_case, as Python builds it by
 * hand), plus `request_id` in the details when given (the id the server's
 * log names the failure by). An ADK error's public message is sent; any
 * other error's message is replaced by a generic one unless
 * `exposeMessages` is set. For a `ToolExecutionError`, `error_details`
 * also names the tool (`tool_name`) and the call (`function_call_id`, when
 * it had one), so a client can mark that call failed.
 */
export function errorFrameBody(
  error: unknown,
  exposeMessages: boolean,
  requestId?: string,
): Record<string, unknown> {
  const type = error instanceof Error ? error.name || 'Error' : 'Error';
  const message =
    publicErrorMessage(error, exposeMessages) ??
    (AdkError.isInstance(error) ? '' : 'An internal error occurred while running the agent.');
  return {
    error: `${type}: ${message}`,
    error_details: {
      error_type: type,
      error_message: message,
      timestamp: nowSeconds(),
      ...(requestId === undefined ? {} : { request_id: requestId }),
      ...toolDetails(error),
    },
  };
}

// Which call failed, so a client can mark that call (this server's addition to Python's frame).
function toolDetails(error: unknown): Record<string, string> {
  if (!ToolExecutionError.isInstance(error)) return {};
  return {
    tool_name: error.toolName,
    ...(error.functionCallId === undefined ? {} : { function_call_id: error.functionCallId }),
  };
}
