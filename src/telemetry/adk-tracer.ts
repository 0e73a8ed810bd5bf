import {
  context as otelContext,
  INVALID_SPAN_CONTEXT,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { ADK_TRACER_NAME } from './span-names.js';

let tracer: Tracer | undefined;

/**
 * ADK's tracer (scope `gcp.vertex.agent`), from the global OpenTelemetry
 * provider. Taken once: the API's proxy follows a provider registered later.
 */
export function adkTracer(): Tracer {
  return (tracer ??= trace.getTracer(ADK_TRACER_NAME));
}

/**
 * Starts an ADK span under `parent` (an OpenTelemetry context carried by the
 * invocation), or under the active context when there is none. With no SDK
 * registered the span does not record, and callers then skip building
 * attributes.
 */
export function startAdkSpan(name: string, parent: Context | undefined): Span {
  return adkTracer().startSpan(name, undefined, parent ?? otelContext.active());
}

/**
 * The context that children of `span` take as parent: `parent` itself when
 * the span does not record, so untraced runs allocate no contexts.
 */
export function contextWithSpan(span: Span, parent: Context | undefined): Context | undefined {
  if (!span.isRecording()) return parent;
  return trace.setSpan(parent ?? otelContext.active(), span);
}

/** Marks the span as failed by `error` (status and exception attributes). */
export function recordSpanError(span: Span, error: unknown): void {
  if (!span.isRecording()) return;
  const message = error instanceof Error ? error.message : String(error);
  span.recordException(error instanceof Error ? error : message);
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}

/**
 * A span that records nothing: what a run gets whose span another layer
 * opens (a Workflow's run is its graph's `invoke_workflow` span, an agent
 * node's run the agent's own `invoke_agent` span).
 */
export function noSpan(): Span {
  return trace.wrapSpanContext(INVALID_SPAN_CONTEXT);
}
