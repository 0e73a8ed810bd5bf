import type { AgentContract } from '../context/agent-contract.js';
import { Context } from '../context/context.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { InvalidAgentConfigError } from '../errors/invalid-agent-config-error.js';
import { NotSupportedError } from '../errors/not-supported-error.js';
import { createEvent, type Event } from '../events/event.js';
import { createEventActions } from '../events/event-actions.js';
import type { Content } from '../types/index.js';
import { toList } from '../utils/to-list.js';
import type { AgentCallback, AgentCallbacks } from './agent-callbacks.js';
import { contextWithSpan, recordSpanError, startAdkSpan } from '../telemetry/adk-tracer.js';
import type { Span } from '@opentelemetry/api';
import { traceAgentInvocation } from '../telemetry/trace-attributes.js';
import { isIdentifier } from '../utils/is-identifier.js';

/** Fields every agent accepts. */
export interface BaseAgentConfig {
  /** An identifier (letters, digits, underscores; not starting with a digit), unique in the tree, not `user`. */
  name: string;
  /** What the agent does; other agents read it to decide on transfers. */
  description?: string;
  /** Child agents; each gets this agent as its parent. */
  subAgents?: readonly BaseAgent[];
  /** Runs before the agent; returning content skips the agent and ends its run with that content. */
  beforeAgentCallback?: AgentCallbacks;
  /** Runs after the agent; returning content adds it as a last event. */
  afterAgentCallback?: AgentCallbacks;
}

/** Throws `InvalidAgentConfigError` unless `name` is a valid agent name (Python's rules and messages). */
export function validateAgentName(name: string): void {
  if (!isIdentifier(name)) {
    throw new InvalidAgentConfigError({
      message:
        `Found invalid agent name: \`${name}\`. Agent name must be a valid identifier. It should ` +
        'start with a letter (a-z, A-Z) or an underscore (_), and can only contain letters, digits ' +
        '(0-9), and underscores.',
    });
  }
  if (name === 'user') {
    throw new InvalidAgentConfigError({
      message: "Agent name cannot be `user`. `user` is reserved for end-user's input.",
    });
  }
}

/**
 * The base of every agent (Python `BaseAgent`): identity, the agent tree,
 * before/after callbacks and the run lifecycle of spec 000 §2.1. Subclasses
 * implement `runAsyncImpl`, an async generator of events.
 *
 * Every agent is also what the 2.x workflow graph calls a node: it has a
 * name, a description and one entry point (`runAsync`) that takes the
 * parent's context and yields events (docs/decisions/0003).
 */
export abstract class BaseAgent implements AgentContract {
  readonly name: string;
  description: string;
  parentAgent: BaseAgent | undefined = undefined;
  readonly subAgents: BaseAgent[];
  beforeAgentCallback: AgentCallbacks | undefined;
  afterAgentCallback: AgentCallbacks | undefined;
  /** The config the agent was built from; `clone` starts from it. */
  protected readonly initialConfig: BaseAgentConfig;

  constructor(config: BaseAgentConfig) {
    validateAgentName(config.name);
    this.initialConfig = config;
    this.name = config.name;
    this.description = config.description ?? '';
    this.subAgents = [...(config.subAgents ?? [])];
    this.beforeAgentCallback = config.beforeAgentCallback;
    this.afterAgentCallback = config.afterAgentCallback;
    this.validateSubAgentNames();
    for (const subAgent of this.subAgents) {
      if (subAgent.parentAgent !== undefined) {
        throw new InvalidAgentConfigError({
          message:
            `Agent \`${subAgent.name}\` already has a parent agent, current parent: ` +
            `\`${subAgent.parentAgent.name}\`, trying to add: \`${this.name}\``,
        });
      }
      subAgent.parentAgent = this;
    }
  }

  /** The top of this agent's tree. */
  get rootAgent(): BaseAgent {
    return this.parentAgent ? this.parentAgent.rootAgent : this;
  }

  /** This agent or a descendant with the given name. */
  findAgent(name: string): BaseAgent | undefined {
    return this.name === name ? this : this.findSubAgent(name);
  }

  /** A descendant (depth first, in order) with the given name. */
  findSubAgent(name: string): BaseAgent | undefined {
    for (const subAgent of this.subAgents) {
      const found = subAgent.findAgent(name);
      if (found) return found;
    }
    return undefined;
  }

  /** The before-agent callbacks as a list. */
  get canonicalBeforeAgentCallbacks(): AgentCallback[] {
    return toList(this.beforeAgentCallback);
  }

  /** The after-agent callbacks as a list. */
  get canonicalAfterAgentCallbacks(): AgentCallback[] {
    return toList(this.afterAgentCallback);
  }

  /**
   * Whether the next user turn may go straight to this agent: only LLM agents
   * that allow transfer to their parent say yes (the Runner also checks every
   * ancestor, spec 000 §1.4).
   */
  canTransferToParent(): boolean {
    return false;
  }

  /**
   * Runs the agent (spec 000 §2.1) in an `invoke_agent` span: makes a child
   * context, runs the before-agent callbacks (plugins first), stops if they
   * ended the run, runs `runAsyncImpl`, stops if it ended the invocation,
   * then runs the after-agent callbacks.
   */
  runAsync(parentContext: InvocationContext): AsyncGenerator<Event, void, undefined> {
    return this.runWithCallbacks(parentContext, (context) => this.runAsyncImpl(context));
  }

  /**
   * Runs the agent in a live session (Python `BaseAgent.run_live`), reading
   * the client's input from the context's LiveRequestQueue: the same span
   * and before- and after-agent callbacks as `runAsync`, around
   * `runLiveImpl`.
   */
  runLive(parentContext: InvocationContext): AsyncGenerator<Event, void, undefined> {
    return this.runWithCallbacks(parentContext, (context) => this.runLiveImpl(context));
  }

  /**
   * The agent's own live work. Agents without live support keep this
   * default, which throws `NotSupportedError`.
   */
  // eslint-disable-next-line require-yield
  protected async *runLiveImpl(
    _context: InvocationContext,
  ): AsyncGenerator<Event, void, undefined> {
    throw new NotSupportedError({
      message: `Live mode is not supported by agent ${this.name} (${this.constructor.name}).`,
    });
  }

  private async *runWithCallbacks(
    parentContext: InvocationContext,
    impl: (context: InvocationContext) => AsyncGenerator<Event, void, undefined>,
  ): AsyncGenerator<Event, void, undefined> {
    const context = this.createInvocationContext(parentContext);
    const span = this.startRunSpan(context);
    if (span.isRecording()) context.traceContext = contextWithSpan(span, context.traceContext);
    try {
      const before = await this.handleBeforeAgentCallback(context);
      if (before) yield before;
      if (context.endInvocation) return;
      yield* impl(context);
      if (context.endInvocation) return;
      const after = await this.handleAfterAgentCallback(context);
      if (after) yield after;
    } catch (error) {
      recordSpanError(span, error);
      throw error;
    } finally {
      span.end();
    }
  }

  /**
   * The span `runAsync` runs in: `invoke_agent <name>` with the agent's
   * attributes. A subclass whose run opens its own span returns `noSpan()`
   * (Workflow: its graph's `invoke_workflow` span, as Python names it).
   */
  protected startRunSpan(context: InvocationContext): Span {
    const span = startAdkSpan(`invoke_agent ${this.name}`, context.traceContext);
    if (span.isRecording()) traceAgentInvocation(span, this, context.session.id);
    return span;
  }

  /** The agent's own work: yield events; the Runner commits each before the generator resumes. */
  protected abstract runAsyncImpl(
    context: InvocationContext,
  ): AsyncGenerator<Event, void, undefined>;

  /** The context this agent runs in: a copy of the parent's with `agent` set to this agent. */
  protected createInvocationContext(parentContext: InvocationContext): InvocationContext {
    return parentContext.copy({ agent: this });
  }

  /**
   * A deep copy of this agent (and, unless `update.subAgents` is given, of
   * its sub-agents) with some config fields replaced. The copy has no parent.
   */
  clone(update: Partial<BaseAgentConfig> & Record<string, unknown> = {}): this {
    if (Object.hasOwn(update, 'parentAgent')) {
      throw new InvalidAgentConfigError({
        message:
          'Cannot update `parent_agent` field in clone. Parent agent is set only when the parent ' +
          'agent is instantiated with the sub-agents.',
      });
    }
    const unknown = Object.keys(update).filter(
      (key) => !(key in this) && !(key in this.initialConfig),
    );
    if (unknown.length > 0) {
      throw new InvalidAgentConfigError({
        message: `Cannot update nonexistent fields in ${this.constructor.name}: ${unknown.join(', ')}`,
      });
    }
    const config: Record<string, unknown> = {};
    for (const key of Object.keys(this.initialConfig)) {
      const current =
        key in this
          ? (this as unknown as Record<string, unknown>)[key]
          : this.initialConfig[key as keyof BaseAgentConfig];
      config[key] = Array.isArray(current) ? [...(current as unknown[])] : current;
    }
    Object.assign(config, update);
    if (Object.hasOwn(update, 'subAgents')) {
      for (const subAgent of update.subAgents ?? []) subAgent.parentAgent = undefined;
    } else {
      config['subAgents'] = this.subAgents.map((subAgent) => subAgent.clone());
    }
    const Constructor = this.constructor as new (config: BaseAgentConfig) => this;
    return new Constructor(config as unknown as BaseAgentConfig);
  }

  /** This agent's checkpoint in the invocation, or undefined when it has none (resuming). */
  protected loadAgentState(context: InvocationContext): Record<string, unknown> | undefined {
    return Object.hasOwn(context.agentStates, this.name)
      ? context.agentStates[this.name]
      : undefined;
  }

  /** An event carrying this agent's checkpoint and/or end-of-agent mark, as Python builds it. */
  protected createAgentStateEvent(context: InvocationContext): Event {
    const actions = createEventActions();
    const agentState = context.agentStates[this.name];
    // Python tests the dict's truthiness: an empty checkpoint is not written.
    if (agentState && Object.keys(agentState).length > 0) actions.agentState = agentState;
    if (context.endOfAgents[this.name]) actions.endOfAgent = true;
    return createEvent({
      invocationId: context.invocationId,
      author: this.name,
      ...(context.branch === undefined ? {} : { branch: context.branch }),
      actions,
    });
  }

  private async handleBeforeAgentCallback(context: InvocationContext): Promise<Event | undefined> {
    const callbackContext = new Context(context);
    let content: Content | undefined = await context.pluginManager.runBeforeAgentCallback({
      agent: this,
      context: callbackContext,
    });
    if (!content)
      content = await runAgentCallbacks(this.canonicalBeforeAgentCallbacks, this, callbackContext);
    if (content) {
      context.endInvocation = true;
      return this.callbackEvent(context, callbackContext, content);
    }
    if (callbackContext.state.hasDelta()) return this.callbackEvent(context, callbackContext);
    return undefined;
  }

  private async handleAfterAgentCallback(context: InvocationContext): Promise<Event | undefined> {
    const callbackContext = new Context(context);
    let content: Content | undefined = await context.pluginManager.runAfterAgentCallback({
      agent: this,
      context: callbackContext,
    });
    if (!content)
      content = await runAgentCallbacks(this.canonicalAfterAgentCallbacks, this, callbackContext);
    if (content) return this.callbackEvent(context, callbackContext, content);
    if (callbackContext.state.hasDelta()) return this.callbackEvent(context, callbackContext);
    return undefined;
  }

  private callbackEvent(
    context: InvocationContext,
    callbackContext: Context,
    content?: Content,
  ): Event {
    return createEvent({
      invocationId: context.invocationId,
      author: this.name,
      ...(context.branch === undefined ? {} : { branch: context.branch }),
      ...(content === undefined ? {} : { content }),
      actions: callbackContext.actions,
    });
  }

  private validateSubAgentNames(): void {
    const seen = new Set<string>();
    const duplicates = new Set<string>();
    for (const subAgent of this.subAgents) {
      if (seen.has(subAgent.name)) duplicates.add(subAgent.name);
      seen.add(subAgent.name);
    }
    if (duplicates.size > 0) {
      const names = [...duplicates]
        .sort()
        .map((name) => `\`${name}\``)
        .join(', ');
      throw new InvalidAgentConfigError({
        message: `Found duplicate sub-agent names: ${names}. All sub-agents must have unique names.`,
      });
    }
  }
}

async function runAgentCallbacks(
  callbacks: readonly AgentCallback[],
  agent: BaseAgent,
  context: Context,
): Promise<Content | undefined> {
  for (const callback of callbacks) {
    const result = await callback({ agent, context });
    if (result) return result;
  }
  return undefined;
}
