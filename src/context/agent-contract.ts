import type { Event } from '../events/event.js';
import type { InvocationContext } from './invocation-context.js';

/**
 * What the layers below agents (contexts, tools, plugins) may know of an
 * agent: its identity, its place in the tree and how to run it. `BaseAgent`
 * implements it.
 */
export interface AgentContract {
  readonly name: string;
  readonly description: string;
  /** The agent whose `subAgents` include this one; undefined for the root. */
  readonly parentAgent: AgentContract | undefined;
  readonly subAgents: readonly AgentContract[];
  /** The top of this agent's tree. */
  readonly rootAgent: AgentContract;
  /** This agent or a descendant with the given name. */
  findAgent(name: string): AgentContract | undefined;
  /** A descendant (not this agent) with the given name. */
  findSubAgent(name: string): AgentContract | undefined;
  /** Runs the agent within the parent's invocation, yielding its events. */
  runAsync(parentContext: InvocationContext): AsyncGenerator<Event, void, undefined>;
  /** Runs the agent in the parent's live session, yielding its events. */
  runLive(parentContext: InvocationContext): AsyncGenerator<Event, void, undefined>;
}
