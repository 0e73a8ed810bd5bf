import { describe, expect, it } from 'vitest';
import { buildTimelines, formatMs, spanKind, toTraceSpans, type TraceSpan } from './trace-timeline';

const MS = 1_000_000;
const T0 = 1_700_000_000_000 * MS;

function span(
  name: string,
  id: string,
  parent: string | null,
  startMs: number,
  endMs: number,
  attributes: Record<string, unknown> = {},
  trace = 't1',
): TraceSpan {
  return {
    name,
    span_id: id,
    trace_id: trace,
    start_time: T0 + startMs * MS,
    end_time: T0 + endMs * MS,
    attributes,
    parent_span_id: parent,
  };
}

const INVOCATION = 'gcp.vertex.agent.invocation_id';

describe('buildTimelines', () => {
  it('nests spans by parent, orders children by start and places bars relative to the invocation', () => {
    const spans = [
      span('execute_tool get_weather', 'tool', 'agent', 40, 50, { [INVOCATION]: 'e-1' }),
      span('call_llm', 'llm2', 'agent', 55, 100, { [INVOCATION]: 'e-1' }),
      span('invocation', 'root', null, 0, 100),
      span('invoke_agent dev_ui_agent', 'agent', 'root', 10, 100),
      span('call_llm', 'llm1', 'agent', 10, 40, { [INVOCATION]: 'e-1' }),
    ];
    const [timeline, ...rest] = buildTimelines(spans);
    expect(rest).toEqual([]);
    expect(timeline?.invocationId).toBe('e-1');
    expect(timeline?.durationMs).toBeCloseTo(100, 3);
    expect(timeline?.rows.map((row) => [row.span.span_id, row.depth])).toEqual([
      ['root', 0],
      ['agent', 1],
      ['llm1', 2],
      ['tool', 2],
      ['llm2', 2],
    ]);
    const tool = timeline?.rows[3];
    expect(tool?.offset).toBeCloseTo(0.4, 4);
    expect(tool?.width).toBeCloseTo(0.1, 4);
    expect(tool?.durationMs).toBeCloseTo(10, 3);
    expect(tool?.startMs).toBeCloseTo(40, 3);
  });

  it('groups by invocation id, newest first, falling back to the trace id', () => {
    const spans = [
      span('invocation', 'a', null, 0, 10, {}, 'ta'),
      span('call_llm', 'a1', 'a', 1, 9, { [INVOCATION]: 'e-old' }, 'ta'),
      span('invocation', 'b', null, 20, 30, {}, 'tb'),
      span('call_llm', 'b1', 'b', 21, 29, { [INVOCATION]: 'e-new' }, 'tb'),
      span('invocation', 'c', null, 40, 45, {}, 'tc'),
      // A second root of the same invocation (e.g. a resumed run) joins its group.
      span('invocation', 'b-again', null, 50, 60, { [INVOCATION]: 'e-new' }, 'tb2'),
    ];
    const timelines = buildTimelines(spans);
    expect(timelines.map((timeline) => [timeline.invocationId, timeline.rows.length])).toEqual([
      ['tc', 1],
      ['e-new', 3],
      ['e-old', 2],
    ]);
    expect(timelines[1]?.durationMs).toBeCloseTo(40, 3);
    expect(timelines[1]?.rows.map((row) => row.span.span_id)).toEqual(['b', 'b1', 'b-again']);
  });

  it('treats a span with an unknown parent as a root and gives reversed times zero width', () => {
    const [timeline] = buildTimelines([
      span('call_llm', 'x', 'missing', 0, 10),
      span('execute_tool t', 'y', 'x', 8, 5),
    ]);
    expect(timeline?.rows.map((row) => [row.span.span_id, row.depth, row.width])).toEqual([
      ['x', 0, 1],
      ['y', 1, 0],
    ]);
  });

  it('is empty for no spans', () => {
    expect(buildTimelines([])).toEqual([]);
  });
});

describe('helpers', () => {
  it('classifies spans by name', () => {
    expect(
      [
        'invocation',
        'invoke_agent a',
        'call_llm',
        'generate_content m',
        'execute_tool t',
        'send_data',
      ].map(spanKind),
    ).toEqual(['invocation', 'agent', 'llm', 'llm', 'tool', 'other']);
  });

  it('formats durations', () => {
    expect([formatMs(12.34), formatMs(0.04), formatMs(140.6), formatMs(-1)]).toEqual([
      '12.3 ms',
      '0.0 ms',
      '141 ms',
      '0 ms',
    ]);
  });

  it('normalises the route JSON and drops malformed entries', () => {
    expect(
      toTraceSpans([
        {
          name: 'a',
          span_id: 's1',
          trace_id: 't',
          start_time: 1,
          end_time: '2',
          attributes: { k: 1 },
        },
        { name: 'b', span_id: 2, start_time: 3, end_time: 4, parent_span_id: 's1', attributes: [] },
        { name: 'bad', span_id: 's3', start_time: 'x', end_time: 1 },
        { span_id: 's4', start_time: 1, end_time: 2 },
        null,
      ]),
    ).toEqual([
      {
        name: 'a',
        span_id: 's1',
        trace_id: 't',
        start_time: 1,
        end_time: 2,
        attributes: { k: 1 },
        parent_span_id: null,
      },
      {
        name: 'b',
        span_id: '2',
        trace_id: '',
        start_time: 3,
        end_time: 4,
        attributes: {},
        parent_span_id: 's1',
      },
    ]);
    expect(toTraceSpans({ spans: [] })).toEqual([]);
  });
});
