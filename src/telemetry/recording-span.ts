import {
  SpanStatusCode,
  type Attributes,
  type AttributeValue,
  type Exception,
  type Link,
  type Span,
  type SpanContext,
  type SpanStatus,
  type TimeInput,
} from '@opentelemetry/api';

/** A finished span as the span store keeps it (Python's dev-server exporter fields). */
export interface StoredSpan {
  readonly name: string;
  readonly spanId: string;
  readonly traceId: string;
  /** The parent's span id; undefined for a root span. */
  readonly parentSpanId: string | undefined;
  /** Nanoseconds since the Unix epoch. */
  readonly startTime: number;
  /** Nanoseconds since the Unix epoch. */
  readonly endTime: number;
  readonly attributes: Readonly<Record<string, AttributeValue>>;
  /** OpenTelemetry status: 0 unset, 1 ok, 2 error. */
  readonly statusCode: number;
  readonly statusMessage: string | undefined;
}

/** Nanoseconds since the epoch for an OpenTelemetry time input (epoch ms, HrTime, Date). */
export function toEpochNanoseconds(time: TimeInput | undefined): number {
  if (time === undefined) return nowNanoseconds();
  if (typeof time === 'number') {
    // OpenTelemetry takes numbers as epoch milliseconds, or performance.now() milliseconds.
    const epochMs = time < performance.timeOrigin ? performance.timeOrigin + time : time;
    return Math.round(epochMs * 1e6);
  }
  if (time instanceof Date) return time.getTime() * 1e6;
  return time[0] * 1e9 + time[1];
}

/** The current time in nanoseconds since the epoch (microsecond resolution). */
export function nowNanoseconds(): number {
  return Math.round((performance.timeOrigin + performance.now()) * 1e3) * 1e3;
}

/**
 * A span that records itself: attributes, status and times, handed to
 * `onEnd` once when it ends. Calls after `end` are ignored, as the
 * OpenTelemetry API asks.
 */
export class RecordingSpan implements Span {
  private readonly attributes: Record<string, AttributeValue> = {};
  private readonly startTime: number;
  private status: SpanStatus = { code: SpanStatusCode.UNSET };
  private ended = false;

  constructor(
    private name: string,
    private readonly context: SpanContext,
    private readonly parentSpanId: string | undefined,
    startTime: TimeInput | undefined,
    attributes: Attributes | undefined,
    private readonly onEnd: (span: StoredSpan) => void,
  ) {
    this.startTime = toEpochNanoseconds(startTime);
    if (attributes) this.setAttributes(attributes);
  }

  spanContext(): SpanContext {
    return this.context;
  }

  setAttribute(key: string, value: AttributeValue): this {
    if (!this.ended && value !== undefined && value !== null) this.attributes[key] = value;
    return this;
  }

  setAttributes(attributes: Attributes): this {
    for (const [key, value] of Object.entries(attributes)) {
      if (value !== undefined) this.setAttribute(key, value);
    }
    return this;
  }

  addEvent(): this {
    return this;
  }

  addLink(_link: Link): this {
    return this;
  }

  addLinks(_links: Link[]): this {
    return this;
  }

  setStatus(status: SpanStatus): this {
    if (!this.ended) this.status = status;
    return this;
  }

  updateName(name: string): this {
    if (!this.ended) this.name = name;
    return this;
  }

  end(endTime?: TimeInput): void {
    if (this.ended) return;
    this.ended = true;
    this.onEnd({
      name: this.name,
      spanId: this.context.spanId,
      traceId: this.context.traceId,
      parentSpanId: this.parentSpanId,
      startTime: this.startTime,
      endTime: Math.max(this.startTime, toEpochNanoseconds(endTime)),
      attributes: this.attributes,
      statusCode: this.status.code,
      statusMessage: this.status.message,
    });
  }

  isRecording(): boolean {
    return !this.ended;
  }

  recordException(exception: Exception): void {
    if (this.ended) return;
    if (typeof exception === 'string') {
      this.setAttribute('exception.message', exception);
      return;
    }
    if (exception.name) this.setAttribute('exception.type', exception.name);
    if (exception.message) this.setAttribute('exception.message', exception.message);
  }
}
