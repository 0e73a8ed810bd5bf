import type { Hono } from 'hono';
import type { StoredSpan } from '../telemetry/recording-span.js';
import type { InMemorySpanStore } from '../telemetry/span-store.js';
import { sessionPath } from './route-context.js';

/** A span as adk-python's dev server lists it (ids as hex strings here; Python sends integers). */
function spanJson(span: StoredSpan): Record<string, unknown> {
  return {
    name: span.name,
    span_id: span.spanId,
    trace_id: span.traceId,
    start_time: span.startTime,
    end_time: span.endTime,
    attributes: span.attributes,
    parent_span_id: span.parentSpanId ?? null,
  };
}

/**
 * The debug trace routes of `adk web` (adk-python's dev server), read from
 * the in-process span store:
 * - `GET /dev/apps/{app}/debug/trace/session/{session_id}` → every span of
 *   the session's traces, `[{name, span_id, trace_id, start_time, end_time,
 *   attributes, parent_span_id}]` in start order (times in ns since the epoch);
 * - `GET /dev/apps/{app}/debug/trace/{event_id}` → the attributes of the
 *   `call_llm` / `execute_tool` span that produced the event, with `trace_id`
 *   and `span_id`; 404 `{"detail": "Trace not found"}` when there is none.
 */
export function registerDevTraceRoutes(api: Hono, store: InMemorySpanStore): void {
  api.get('/dev/apps/:app_name/debug/trace/session/:session_id', (context) => {
    const { sessionId } = sessionPath(context);
    return context.json(store.getSessionSpans(sessionId).map(spanJson));
  });
  api.get('/dev/apps/:app_name/debug/trace/:event_id', (context) => {
    sessionPath(context);
    const span = store.getEventSpan(context.req.param('event_id'));
    if (!span) return context.json({ detail: 'Trace not found' }, 404);
    return context.json({ ...span.attributes, trace_id: span.traceId, span_id: span.spanId });
  });
}
