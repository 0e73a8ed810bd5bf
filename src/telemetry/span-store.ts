import { randomBytes } from 'node:crypto';
import {
  context as otelContext,
  isSpanContextValid,
  trace,
  TraceFlags,
  type Context,
  type Span,
  type SpanOptions,
  type Tracer,
  type TracerProvider,
} from '@opentelemetry/api';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { RecordingSpan, type StoredSpan } from './recording-span.js';
import { EVENT_ID, SESSION_ID, CONVERSATION_ID } from './span-names.js';

/** Options of an InMemorySpanStore. */
export interface InMemorySpanStoreOptions {
  /** The most spans kept; the oldest go first (default 10,000). */
  maxSpans?: number;
}

/** The default bound of an InMemorySpanStore. */
export const DEFAULT_MAX_SPANS = 10_000;

/**
 * An in-process OpenTelemetry tracer provider that keeps the spans it
 * records in memory, for the dev UI's trace views (Python's dev-server
 * exporters): the spans of a session's traces, and the span that produced
 * an event. It implements the `@opentelemetry/api` interfaces itself, so no
 * OpenTelemetry SDK is needed. Bounded: past `maxSpans`, the oldest spans
 * are dropped.
 */
export class InMemorySpanStore implements TracerProvider {
  readonly maxSpans: number;
  private spans: StoredSpan[] = [];
  private traceIdsBySession = new Map<string, Set<string>>();
  private spanByEventId = new Map<string, StoredSpan>();
  private readonly tracer: Tracer;

  constructor({ maxSpans = DEFAULT_MAX_SPANS }: InMemorySpanStoreOptions = {}) {
    if (!Number.isInteger(maxSpans) || maxSpans < 1) {
      throw new InvalidArgumentError({
        message: `maxSpans must be a positive integer, got ${String(maxSpans)}.`,
        argument: 'maxSpans',
      });
    }
    this.maxSpans = maxSpans;
    this.tracer = new StoreTracer((span) => this.add(span));
  }

  /** The store's tracer (one for every instrumentation scope). */
  getTracer(): Tracer {
    return this.tracer;
  }

  /**
   * Every span of the traces that touch the session (a span carrying its
   * id as `gcp.vertex.agent.session_id` or `gen_ai.conversation.id`), in
   * start order.
   */
  getSessionSpans(sessionId: string): StoredSpan[] {
    const traceIds = this.traceIdsBySession.get(sessionId);
    if (!traceIds) return [];
    return this.spans
      .filter((span) => traceIds.has(span.traceId))
      .sort((left, right) => left.startTime - right.startTime);
  }

  /** The latest `call_llm`, `send_data` or `execute_tool…` span that produced the event. */
  getEventSpan(eventId: string): StoredSpan | undefined {
    return this.spanByEventId.get(eventId);
  }

  /** Every span kept, oldest first. */
  getAllSpans(): readonly StoredSpan[] {
    return this.spans;
  }

  /** Forgets every span. */
  clear(): void {
    this.spans = [];
    this.traceIdsBySession.clear();
    this.spanByEventId.clear();
  }

  private add(span: StoredSpan): void {
    this.spans.push(span);
    this.index(span);
    // Trimming to 90% keeps the cost of dropping old spans amortised.
    if (this.spans.length > this.maxSpans) {
      this.spans = this.spans.slice(this.spans.length - Math.floor(this.maxSpans * 0.9));
      this.traceIdsBySession.clear();
      this.spanByEventId.clear();
      for (const kept of this.spans) this.index(kept);
    }
  }

  private index(span: StoredSpan): void {
    for (const key of [SESSION_ID, CONVERSATION_ID]) {
      const sessionId = span.attributes[key];
      if (typeof sessionId !== 'string') continue;
      let traceIds = this.traceIdsBySession.get(sessionId);
      if (!traceIds) this.traceIdsBySession.set(sessionId, (traceIds = new Set()));
      traceIds.add(span.traceId);
    }
    const eventId = span.attributes[EVENT_ID];
    if (
      typeof eventId === 'string' &&
      (span.name === 'call_llm' ||
        span.name === 'send_data' ||
        span.name.startsWith('execute_tool'))
    ) {
      this.spanByEventId.set(eventId, span);
    }
  }
}

/**
 * Registers the store as the global OpenTelemetry tracer provider, unless
 * another provider (a user's SDK) is registered already. Returns whether it
 * was registered.
 */
export function registerSpanStore(store: InMemorySpanStore): boolean {
  return trace.setGlobalTracerProvider(store);
}

class StoreTracer implements Tracer {
  constructor(private readonly onEnd: (span: StoredSpan) => void) {}

  startSpan(name: string, options: SpanOptions = {}, context?: Context): Span {
    const parent = options.root ? undefined : trace.getSpanContext(context ?? otelContext.active());
    const validParent = parent && isSpanContextValid(parent) ? parent : undefined;
    const spanContext = {
      traceId: validParent ? validParent.traceId : randomBytes(16).toString('hex'),
      spanId: randomBytes(8).toString('hex'),
      traceFlags: TraceFlags.SAMPLED,
    };
    return new RecordingSpan(
      name,
      spanContext,
      validParent?.spanId,
      options.startTime,
      options.attributes,
      this.onEnd,
    );
  }

  startActiveSpan<F extends (span: Span) => unknown>(name: string, fn: F): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(
    name: string,
    options: SpanOptions,
    fn: F,
  ): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(
    name: string,
    options: SpanOptions,
    context: Context,
    fn: F,
  ): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(
    name: string,
    ...rest: [F] | [SpanOptions, F] | [SpanOptions, Context, F]
  ): ReturnType<F> {
    const fn = rest[rest.length - 1] as F;
    const options = rest.length > 1 ? (rest[0] as SpanOptions) : undefined;
    const parent = rest.length > 2 ? (rest[1] as Context) : otelContext.active();
    const span = this.startSpan(name, options, parent);
    return otelContext.with(trace.setSpan(parent, span), () => fn(span)) as ReturnType<F>;
  }
}
