/*
 * The public tracing API: the in-process span store the dev UI reads, and the
 * stored span it holds. src/index.ts re-exports all of it, so a name added
 * here is a public-API decision (test/packaging/public-surface.test.ts pins
 * the runtime names). ADK's tracer, span names and attributes (adk-python
 * `telemetry/`) stay out; the flows, the runner and the server import their
 * files directly.
 */

export type { StoredSpan } from './recording-span.js';
export {
  InMemorySpanStore,
  registerSpanStore,
  type InMemorySpanStoreOptions,
} from './span-store.js';
