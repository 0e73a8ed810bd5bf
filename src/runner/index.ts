export { App, validateAppName, type AppConfig } from './app.js';
export { findAgentToRun, isTransferableAcrossAgentTree } from './find-agent-to-run.js';
export { InMemoryRunner, type InMemoryRunnerConfig } from './in-memory-runner.js';
export { Runner, type RunAsyncRequest, type RunLiveRequest, type RunnerConfig } from './runner.js';
