/**
 * Pure timeline computations for the Trace panel: spans grouped by
 * invocation, nested by parent, placed by start and end time.
 */

/** One span as `GET /dev/apps/{app}/debug/trace/session/{sid}` returns it (times in ns since the epoch). */
export interface TraceSpan {
  name: string;
  span_id: string;
  trace_id: string;
  start_time: number;
  end_time: number;
  attributes: Record<string, unknown>;
  parent_span_id: string | null;
}

/** The attribute ADK puts the invocation id in. */
export const INVOCATION_ID_ATTRIBUTE = 'gcp.vertex.agent.invocation_id';

/** One bar of the timeline. */
export interface TimelineRow {
  span: TraceSpan;
  /** Nesting level: 0 for the invocation's root span. */
  depth: number;
  /** Start relative to the invocation's start, as a fraction 0..1 of its duration. */
  offset: number;
  /** Duration as a fraction 0..1 of the invocation's duration. */
  width: number;
  durationMs: number;
  /** Start in ms after the invocation's start. */
  startMs: number;
}

/** The spans of one invocation, ready to draw. */
export interface InvocationTimeline {
  /** The invocation id, or the trace id when no span names one. */
  invocationId: string;
  traceId: string;
  /** Start of the earliest span, ns since the epoch. */
  startTime: number;
  durationMs: number;
  /** Depth-first, children ordered by start time. */
  rows: TimelineRow[];
}

/** What a span does, for styling and for the detail view. */
export type SpanKind = 'invocation' | 'agent' | 'llm' | 'tool' | 'other';

/** Classifies a span by its name (`invocation`, `invoke_agent …`, `call_llm`, `execute_tool …`). */
export function spanKind(name: string): SpanKind {
  if (name === 'invocation') return 'invocation';
  if (
    name.startsWith('invoke_agent') ||
    name.startsWith('invoke_workflow') ||
    name.startsWith('invoke_node')
  ) {
    return 'agent';
  }
  if (name === 'call_llm' || name.startsWith('generate_content')) return 'llm';
  if (name.startsWith('execute_tool')) return 'tool';
  return 'other';
}

/** Formats a duration for bar names: one decimal below 100 ms, none above ("12.3 ms", "140 ms"). */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '0 ms';
  return ms < 100 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}

/**
 * Groups spans into invocations, newest first. Each root span (no parent,
 * or a parent not in the list) with its descendants forms one group; the
 * group's id is the first `gcp.vertex.agent.invocation_id` found depth-first
 * (the root's own first), else its trace id. Roots with the same invocation
 * id share one timeline. Offsets and widths are relative to the group's
 * earliest start and latest end; a span that ends before it starts gets a
 * zero width.
 */
export function buildTimelines(spans: readonly TraceSpan[]): InvocationTimeline[] {
  const ids = new Set(spans.map((span) => span.span_id));
  const children = new Map<string, TraceSpan[]>();
  const roots: TraceSpan[] = [];
  for (const span of spans) {
    if (
      span.parent_span_id &&
      ids.has(span.parent_span_id) &&
      span.parent_span_id !== span.span_id
    ) {
      const siblings = children.get(span.parent_span_id) ?? [];
      siblings.push(span);
      children.set(span.parent_span_id, siblings);
    } else {
      roots.push(span);
    }
  }
  const byStart = (a: TraceSpan, b: TraceSpan) => a.start_time - b.start_time;
  for (const list of children.values()) list.sort(byStart);
  roots.sort(byStart);

  const groups = new Map<string, { traceId: string; roots: TraceSpan[] }>();
  for (const root of roots) {
    const key = findInvocationId(root, children) ?? root.trace_id;
    const group = groups.get(key) ?? { traceId: root.trace_id, roots: [] };
    group.roots.push(root);
    groups.set(key, group);
  }

  const timelines: InvocationTimeline[] = [];
  for (const [invocationId, group] of groups) {
    const ordered: { span: TraceSpan; depth: number }[] = [];
    const seen = new Set<string>();
    const walk = (span: TraceSpan, depth: number) => {
      if (seen.has(span.span_id)) return;
      seen.add(span.span_id);
      ordered.push({ span, depth });
      for (const child of children.get(span.span_id) ?? []) walk(child, depth + 1);
    };
    for (const root of group.roots) walk(root, 0);
    const start = Math.min(...ordered.map(({ span }) => span.start_time));
    const end = Math.max(...ordered.map(({ span }) => Math.max(span.end_time, span.start_time)));
    const total = end - start;
    timelines.push({
      invocationId,
      traceId: group.traceId,
      startTime: start,
      durationMs: total / 1e6,
      rows: ordered.map(({ span, depth }) => {
        const duration = Math.max(0, span.end_time - span.start_time);
        return {
          span,
          depth,
          offset: total > 0 ? (span.start_time - start) / total : 0,
          width: total > 0 ? duration / total : 1,
          durationMs: duration / 1e6,
          startMs: (span.start_time - start) / 1e6,
        };
      }),
    });
  }
  return timelines.sort((a, b) => b.startTime - a.startTime);
}

function findInvocationId(span: TraceSpan, children: Map<string, TraceSpan[]>): string | null {
  const stack = [span];
  const seen = new Set<string>();
  while (stack.length > 0) {
    const current = stack.shift();
    if (!current || seen.has(current.span_id)) continue;
    seen.add(current.span_id);
    const value = Object.hasOwn(current.attributes, INVOCATION_ID_ATTRIBUTE)
      ? current.attributes[INVOCATION_ID_ATTRIBUTE]
      : undefined;
    if (typeof value === 'string' && value) return value;
    stack.unshift(...(children.get(current.span_id) ?? []));
  }
  return null;
}

/**
 * Checks and normalises the JSON of the session trace route: keeps the
 * entries that have a name, a span id and numeric (or numeric-string)
 * times; a missing attributes object becomes `{}`, a missing parent `null`.
 */
export function toTraceSpans(json: unknown): TraceSpan[] {
  if (!Array.isArray(json)) return [];
  const spans: TraceSpan[] = [];
  for (const item of json as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const record = item as Record<string, unknown>;
    const start = toNumber(record['start_time']);
    const end = toNumber(record['end_time']);
    const name = record['name'];
    const spanId = record['span_id'];
    if (typeof name !== 'string' || (typeof spanId !== 'string' && typeof spanId !== 'number'))
      continue;
    if (start === null || end === null) continue;
    const attributes = record['attributes'];
    const parent = record['parent_span_id'];
    spans.push({
      name,
      span_id: String(spanId),
      trace_id: String(record['trace_id'] ?? ''),
      start_time: start,
      end_time: end,
      attributes:
        attributes && typeof attributes === 'object' && !Array.isArray(attributes)
          ? (attributes as Record<string, unknown>)
          : {},
      parent_span_id:
        typeof parent === 'string' || typeof parent === 'number' ? String(parent) : null,
    });
  }
  return spans;
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}
