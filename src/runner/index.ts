export { App, validateAppName, type AppConfig } from './app.js';
export { findAgentToRun, isTransferableAcrossAgentTree } from './find-agent-to-run.js';
export { InMemoryRunner, type InMemoryRunnerConfig } from './in-memory-runner.js';
export { Runner } from './runner.js';
export type { RunAsyncRequest, RunLiveRequest, RunnerConfig } from './runner-requests.js';
export type { RewindRequest } from './rewind.js';
