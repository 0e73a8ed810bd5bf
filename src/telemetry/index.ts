/**
 * Tracing (adk-python `telemetry/`): ADK's OpenTelemetry spans and the
 * in-process span store the dev UI reads.
 */
export { adkTracer } from './adk-tracer.js';
export { type StoredSpan } from './recording-span.js';
export {
  DEFAULT_MAX_SPANS,
  InMemorySpanStore,
  registerSpanStore,
  type InMemorySpanStoreOptions,
} from './span-store.js';
export { ADK_TRACER_NAME } from './span-names.js';
export { ADK_CAPTURE_MESSAGE_CONTENT_IN_SPANS } from './trace-attributes.js';
