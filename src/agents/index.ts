/*
 * The public agents API (Python `google.adk.agents`): the base agent, the LLM
 * agent, the sequential, parallel and loop agents, their configs, callbacks and
 * resumable states. src/index.ts re-exports all of it, so a name added here is
 * a public-API decision (test/packaging/public-surface.test.ts pins the runtime
 * names). Agent-name validation and output-schema resolution stay out; the
 * folders that use them import their files directly. The LLM agent's callback,
 * instruction and mode types and the audio transcriber live in flows/ (the
 * layering puts the LLM agent's contract below the flow), in that folder's list.
 */

export type { AgentCallback, AgentCallbacks } from './agent-callbacks.js';
export type { LoopAgentState, SequentialAgentState } from './agent-state.js';
export { BaseAgent, type BaseAgentConfig } from './base-agent.js';
export { Agent, LlmAgent, type LlmAgentConfig } from './llm-agent.js';
export { LoopAgent, type LoopAgentConfig } from './loop-agent.js';
export { ParallelAgent, type ParallelAgentConfig } from './parallel-agent.js';
export type { OutputSchemaInput } from './resolve-output-schema.js';
export { SequentialAgent, type SequentialAgentConfig } from './sequential-agent.js';
