import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError } from '../api/http';
import { loadSessionTrace } from '../api/inspect-api';
import type { PanelProps } from './panel-props';
import { SpanDetail } from './span-detail';
import {
  buildTimelines,
  formatMs,
  spanKind,
  type InvocationTimeline,
  type TraceSpan,
} from './trace-timeline';
import './panels.css';

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; spans: TraceSpan[] }
  | { status: 'error'; message: string };

const EVENT_ID_ATTRIBUTE = 'gcp.vertex.agent.event_id';

function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 404) return 'This server records no traces (no trace route).';
    return `HTTP ${error.status}: ${error.detail}`;
  }
  return error instanceof Error ? error.message : String(error);
}

function Timeline({
  timeline,
  selectedSpanId,
  onSelect,
}: {
  timeline: InvocationTimeline;
  selectedSpanId: string | null;
  onSelect: (spanId: string) => void;
}) {
  return (
    <ol class="trace-timeline" aria-label={`Spans of invocation ${timeline.invocationId}`}>
      {timeline.rows.map((row) => {
        const kind = spanKind(row.span.name);
        const selected = row.span.span_id === selectedSpanId;
        return (
          <li key={row.span.span_id} class="trace-row">
            <button
              type="button"
              class={`trace-bar-button kind-${kind}`}
              aria-pressed={selected}
              data-span-id={row.span.span_id}
              data-depth={row.depth}
              onClick={() => onSelect(row.span.span_id)}
            >
              <span class="trace-label" style={{ paddingInlineStart: `${row.depth * 12}px` }}>
                {row.span.name}
              </span>{' '}
              <span class="trace-track" aria-hidden="true">
                <span
                  class="trace-bar"
                  style={{
                    left: `${(row.offset * 100).toFixed(3)}%`,
                    width: `max(2px, ${(row.width * 100).toFixed(3)}%)`,
                  }}
                />
              </span>
              <span class="trace-duration">{formatMs(row.durationMs)}</span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The session's traces (`GET /dev/apps/{app}/debug/trace/session/{sid}`),
 * refetched on each revision: one collapsible timeline per invocation,
 * newest first, the selected event's invocation (else the newest) open.
 * Each span is a button named "<span name> <duration>" whose bar sits at
 * its start and end within the invocation; choosing one shows its details.
 */
export function TracePanel({ appName, sessionId, session, revision, selectedEventId }: PanelProps) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [selectedSpanId, setSelectedSpanId] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    loadSessionTrace(appName, sessionId).then(
      (spans) => live && setLoaded({ status: 'ready', spans }),
      (error: unknown) => live && setLoaded({ status: 'error', message: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [appName, sessionId, revision]);

  const timelines = useMemo(
    () => (loaded.status === 'ready' ? buildTimelines(loaded.spans) : []),
    [loaded],
  );
  const selectedInvocation = useMemo(
    () => session?.events.find((event) => event.id === selectedEventId)?.invocationId ?? null,
    [session, selectedEventId],
  );

  // Selecting an event selects the span recorded for it, when there is one.
  useEffect(() => {
    if (!selectedEventId) return;
    for (const timeline of timelines) {
      const row = timeline.rows.find(
        (candidate) => candidate.span.attributes[EVENT_ID_ATTRIBUTE] === selectedEventId,
      );
      if (row) {
        setSelectedSpanId(row.span.span_id);
        return;
      }
    }
  }, [timelines, selectedEventId]);

  const focus =
    selectedInvocation && timelines.some((timeline) => timeline.invocationId === selectedInvocation)
      ? selectedInvocation
      : (timelines[0]?.invocationId ?? null);
  const isOpen = (id: string) => toggled.get(id) ?? id === focus;
  const toggle = (id: string) => setToggled(new Map(toggled).set(id, !isOpen(id)));

  return (
    <div class="inspect-panel trace-panel">
      <h3>Trace</h3>
      {loaded.status === 'loading' && <p class="panel-empty">Loading the traces…</p>}
      {loaded.status === 'error' && (
        <p role="alert" class="panel-error">
          Could not load the traces: {loaded.message}
        </p>
      )}
      {loaded.status === 'ready' && timelines.length === 0 && (
        <p class="panel-empty">No traces for this session yet: send a message.</p>
      )}
      {timelines.map((timeline) => {
        const open = isOpen(timeline.invocationId);
        const selectedRow = timeline.rows.find((row) => row.span.span_id === selectedSpanId);
        const llmCalls = timeline.rows.filter((row) => spanKind(row.span.name) === 'llm').length;
        const toolCalls = timeline.rows.filter((row) => spanKind(row.span.name) === 'tool').length;
        return (
          <section
            key={timeline.invocationId}
            class={
              timeline.invocationId === selectedInvocation
                ? 'trace-invocation selected'
                : 'trace-invocation'
            }
            aria-label={`Invocation ${timeline.invocationId}`}
            data-invocation-id={timeline.invocationId}
          >
            <button
              type="button"
              class="trace-invocation-toggle"
              aria-expanded={open}
              onClick={() => toggle(timeline.invocationId)}
            >
              <span class="trace-invocation-title">
                <span aria-hidden="true">{open ? '▾' : '▸'}</span> Invocation{' '}
                <span class="mono">{timeline.invocationId}</span>
              </span>
              <span class="trace-invocation-summary muted">
                {formatMs(timeline.durationMs)} · {llmCalls} LLM {llmCalls === 1 ? 'call' : 'calls'}{' '}
                · {toolCalls} {toolCalls === 1 ? 'tool call' : 'tool calls'} ·{' '}
                {new Date(timeline.startTime / 1e6).toLocaleTimeString()}
              </span>
            </button>
            {open && (
              <>
                <Timeline
                  timeline={timeline}
                  selectedSpanId={selectedSpanId}
                  onSelect={setSelectedSpanId}
                />
                {selectedRow && <SpanDetail row={selectedRow} />}
              </>
            )}
          </section>
        );
      })}
    </div>
  );
}
