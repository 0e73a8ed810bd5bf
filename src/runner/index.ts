/*
 * The public runners API (Python `google.adk.runners` and `google.adk.apps`):
 * the runner and the in-memory runner, their requests, and the app.
 * src/index.ts re-exports all of it, so a name added here is a public-API
 * decision (test/packaging/public-surface.test.ts pins the runtime names).
 * Finding the agent to run, rewinding and the invocation's internals stay
 * out; the server and the tests import their files directly.
 */

export { App, validateAppName, type AppConfig } from './app.js';
export { InMemoryRunner, type InMemoryRunnerConfig } from './in-memory-runner.js';
export { Runner } from './runner.js';
export type { RunAsyncRequest, RunLiveRequest, RunnerConfig } from './runner-requests.js';
export type { RewindRequest } from './rewind.js';
