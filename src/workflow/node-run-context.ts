import { Context } from '../context/context.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { WorkflowConfigurationError } from '../errors/workflow-configuration-error.js';
import type { RouteValue } from '../events/event-actions.js';
import type { StateSchema } from '../sessions/state-schema.js';
import type { BaseNode } from './base-node.js';
import type { EventChannel } from './event-channel.js';
import type { NodeContext, RunNodeOptions } from './node-context.js';
import type { RunnableNode } from './node-like.js';
import type { WorkflowClock } from './workflow-clock.js';

/**
 * Runs a node as a child of `parent` and resolves to its output: what
 * `ctx.runNode` calls. The nearest enclosing workflow provides it.
 */
export type DynamicNodeRunner = (
  parent: NodeRunContext,
  node: RunnableNode,
  nodeInput: unknown,
  options: RunNodeOptions,
) => Promise<unknown>;

/** What every node of one workflow run shares: where events go, the clock. */
export interface NodeRunServices {
  /** The channel to the Runner. */
  readonly channel: EventChannel;
  /** Sleeps for retries and time limits, and the jitter's randomness. */
  readonly clock: WorkflowClock;
  /**
   * The invocations whose recorded runs a resumed workflow replays: the
   * current one and those of the interrupts the user answered. Unset means
   * the current invocation only.
   */
  readonly replayInvocationIds?: ReadonlySet<string> | undefined;
}

/** Fields of a new NodeRunContext; the node runner makes one per attempt. */
export interface NodeRunContextInit {
  /** A copy of the invocation context carrying the node's branch and abort signal. */
  invocationContext: InvocationContext;
  node: BaseNode;
  nodeInput: unknown;
  parentContext: NodeRunContext | undefined;
  nodePath: string;
  runId: string;
  attemptCount: number;
  resumeInputs: Record<string, unknown>;
  /** Paths of the ancestors this node's output also counts for (use-as-output chain). */
  outputForAncestors: readonly string[];
  isolationScope: string | undefined;
  abortSignal: AbortSignal;
  services: NodeRunServices;
  /** The state schema in force: the node's own, else the enclosing node's. */
  stateSchema?: StateSchema | undefined;
}

/**
 * The `NodeContext` the scheduler hands a node (Python 2.x `Context` inside a
 * workflow): one per attempt of one node run. Besides the public contract
 * it carries the bookkeeping the node runner and the workflow read back: the
 * output value and whether its event went out, the route, the interrupt ids,
 * the error and the path of the node that failed.
 */
export class NodeRunContext extends Context implements NodeContext {
  readonly node: BaseNode;
  readonly nodeInput: unknown;
  readonly parentContext: NodeRunContext | undefined;
  readonly nodePath: string;
  readonly runId: string;
  readonly attemptCount: number;
  readonly resumeInputs: Readonly<Record<string, unknown>>;
  eventAuthor = '';
  isolationScope: string | undefined;
  readonly abortSignal: AbortSignal;
  /** The channel, clock and randomness of the workflow run (engine use). */
  readonly services: NodeRunServices;
  /**
   * The state schema in force for this run (Python: the node's
   * `state_schema`, else inherited from the enclosing node): `state` writes
   * and the state deltas of the node's events are checked with it (engine use).
   */
  readonly stateSchema: StateSchema | undefined;
  /** Ancestors' paths stamped into `nodeInfo.outputFor` after this node's own (engine use). */
  readonly outputForAncestors: readonly string[];
  /**
   * Runs `ctx.runNode` calls of the nodes below; set on a workflow's own
   * context while its graph runs (engine use).
   */
  dynamicNodeRunner: DynamicNodeRunner | undefined;
  /** True once an event carrying the output was sent (engine use). */
  outputEmitted = false;
  /** True when a child's output stands for this node's, so none of its own is sent (engine use). */
  outputDelegated = false;
  /** True once an event carrying the route was sent (engine use). */
  routeEmitted = false;
  /** The error the run ended with (engine use). */
  error: unknown = undefined;
  /** The path of the node whose failure is `error` (engine use). */
  errorNodePath: string | undefined;
  private outputValue: unknown = undefined;
  private outputWasSet = false;
  private routeValue: RouteValue | RouteValue[] | undefined;
  private readonly interrupts = new Set<string>();

  constructor(init: NodeRunContextInit) {
    super(init.invocationContext, init.stateSchema ? { stateSchema: init.stateSchema } : {});
    this.stateSchema = init.stateSchema;
    this.node = init.node;
    this.nodeInput = init.nodeInput;
    this.parentContext = init.parentContext;
    this.nodePath = init.nodePath;
    this.runId = init.runId;
    this.attemptCount = init.attemptCount;
    this.resumeInputs = init.resumeInputs;
    this.outputForAncestors = init.outputForAncestors;
    this.isolationScope = init.isolationScope;
    this.abortSignal = init.abortSignal;
    this.services = init.services;
    this.dynamicNodeRunner = undefined;
  }

  /** The node's result; set at most once per run (a second set throws). */
  get output(): unknown {
    return this.outputValue;
  }

  set output(value: unknown) {
    if (this.outputWasSet) {
      throw new WorkflowConfigurationError({
        message: `Node '${this.node.name}' set its output twice in one run.`,
        nodeName: this.node.name,
      });
    }
    this.recordOutput(value);
  }

  /** The route(s) that choose the node's outgoing conditional edges. */
  get route(): RouteValue | RouteValue[] | undefined {
    return this.routeValue;
  }

  set route(value: RouteValue | RouteValue[] | undefined) {
    this.routeValue = value;
  }

  /** Interrupt ids raised during this run (a copy). */
  get interruptIds(): ReadonlySet<string> {
    return new Set(this.interrupts);
  }

  /** Records an output the node yielded, replacing any earlier one (engine use). */
  recordOutput(value: unknown): void {
    this.outputValue = value;
    this.outputWasSet = value !== undefined && value !== null;
  }

  /** Adds interrupt ids the node raised (engine use). */
  addInterruptIds(ids: Iterable<string>): void {
    for (const id of ids) this.interrupts.add(id);
  }

  /** Drops an interrupt answered within the run itself (engine use). */
  resolveInterruptId(id: string): void {
    this.interrupts.delete(id);
  }

  /** Replaces the interrupt ids (a workflow reporting its children's, engine use). */
  setInterruptIds(ids: Iterable<string>): void {
    this.interrupts.clear();
    this.addInterruptIds(ids);
  }

  /**
   * Runs `node` as a child of this node and resolves to its output (see
   * `NodeContext.runNode`). Throws WorkflowConfigurationError outside a
   * workflow.
   */
  runNode(node: RunnableNode, nodeInput?: unknown, options: RunNodeOptions = {}): Promise<unknown> {
    const runner = this.dynamicNodeRunner ?? this.parentContext?.findDynamicNodeRunner();
    if (runner) return runner(this, node, nodeInput, options);
    return Promise.reject(
      new WorkflowConfigurationError({
        message: `Node '${this.node.name}': ctx.runNode is only available inside a Workflow.`,
        nodeName: this.node.name,
      }),
    );
  }

  /** The `ctx.runNode` runner of this context or the nearest enclosing one (engine use). */
  findDynamicNodeRunner(): DynamicNodeRunner | undefined {
    return this.dynamicNodeRunner ?? this.parentContext?.findDynamicNodeRunner();
  }

  /** True for a NodeRunContext (the engine's own contexts). */
  static isInstance(value: unknown): value is NodeRunContext {
    return value instanceof NodeRunContext;
  }
}
