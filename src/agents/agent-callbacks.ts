import type { AgentHookArguments, MaybePromise } from '../context/hook-arguments.js';
import type { Content } from '../types/index.js';
import type { BaseAgent } from './base-agent.js';

/**
 * A before/after agent callback. Returning content ends the agent early
 * (before) or adds a final message (after); returning undefined continues.
 */
export type AgentCallback = (
  args: AgentHookArguments<BaseAgent>,
) => MaybePromise<Content | undefined | void>;

/** One callback or a list, run in order until one returns content. */
export type AgentCallbacks = AgentCallback | readonly AgentCallback[];
