export type { AgentCallback, AgentCallbacks } from './agent-callbacks.js';
export type { LoopAgentState, SequentialAgentState } from './agent-state.js';
export { BaseAgent, validateAgentName, type BaseAgentConfig } from './base-agent.js';
export { LoopAgent, type LoopAgentConfig } from './loop-agent.js';
export { ParallelAgent, type ParallelAgentConfig } from './parallel-agent.js';
export { SequentialAgent, type SequentialAgentConfig } from './sequential-agent.js';
export { Agent, LlmAgent, type LlmAgentConfig } from './llm-agent.js';
export { resolveOutputSchema, type OutputSchemaInput } from './resolve-output-schema.js';
