import { Context } from '../context/context.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { Event } from '../events/event.js';
import type { RouteValue } from '../events/event-actions.js';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import type { BaseNode } from './base-node.js';
import { appendNodePath, createSubBranch } from './branch-path.js';
import type { NodeContext, RunNodeOptions } from './node-context.js';
import { node as buildNode } from './node-builder.js';
import type { RunnableNode } from './node-like.js';

/** Where a TestNodeContext sits: its node, input and place in the run. */
export interface TestNodeContextInit {
  node: BaseNode;
  nodeInput?: unknown;
  parentContext?: TestNodeContext;
  runId?: string;
  resumeInputs?: Record<string, unknown>;
  attemptCount?: number;
}

/**
 * A small but real NodeContext for unit tests: the unified Context over a
 * real invocation, plus the node fields, an output that can be set once and
 * a `runNode` that runs the child directly (no scheduler, no caching).
 */
export class TestNodeContext extends Context implements NodeContext {
  readonly node: BaseNode;
  readonly nodeInput: unknown;
  readonly parentContext: TestNodeContext | undefined;
  readonly nodePath: string;
  readonly runId: string;
  readonly attemptCount: number;
  readonly resumeInputs: Readonly<Record<string, unknown>>;
  route: RouteValue | RouteValue[] | undefined;
  eventAuthor = '';
  isolationScope: string | undefined;
  readonly abortSignal: AbortSignal | undefined = undefined;
  /** Every event the node (and its children) yielded, in order. */
  readonly events: Event[];
  private outputValue: unknown;
  private readonly interrupts = new Set<string>();
  private readonly childRuns = new Map<string, number>();

  constructor(invocationContext: InvocationContext, init: TestNodeContextInit) {
    super(invocationContext);
    this.node = init.node;
    this.nodeInput = init.nodeInput;
    this.parentContext = init.parentContext;
    this.runId = init.runId ?? '1';
    this.nodePath = appendNodePath(init.parentContext?.nodePath, init.node.name, this.runId);
    this.attemptCount = init.attemptCount ?? 1;
    this.resumeInputs = init.resumeInputs ?? {};
    this.isolationScope = init.parentContext?.isolationScope;
    this.events = init.parentContext?.events ?? [];
  }

  get output(): unknown {
    return this.outputValue;
  }

  set output(value: unknown) {
    if (this.outputValue !== undefined) {
      throw new InvalidArgumentError({
        message: 'Output already set. A node can produce at most one output.',
      });
    }
    this.outputValue = value;
  }

  get interruptIds(): ReadonlySet<string> {
    return new Set(this.interrupts);
  }

  /** Runs the node to its end, recording outputs, routes and interrupts as the node runner does. */
  async drive(): Promise<this> {
    for await (const event of this.node.run(this, this.nodeInput)) {
      this.events.push(event);
      if (event.output !== undefined && event.output !== null) this.output = event.output;
      if (event.actions.route !== undefined) this.route = event.actions.route;
      for (const id of event.longRunningToolIds ?? []) this.interrupts.add(id);
    }
    return this;
  }

  async runNode(
    nodeLike: RunnableNode,
    nodeInput?: unknown,
    options: RunNodeOptions = {},
  ): Promise<unknown> {
    const child = buildNode(nodeLike);
    const runId = options.runId ?? String((this.childRuns.get(child.name) ?? 0) + 1);
    this.childRuns.set(child.name, Number(runId) || 0);
    const branch = options.useSubBranch
      ? createSubBranch(this.branch, { name: child.name, runId })
      : (options.overrideBranch ?? this.branch);
    const invocation = this.invocationContext.copy({ branch });
    const context = new TestNodeContext(invocation, {
      node: child,
      nodeInput,
      parentContext: this,
      runId,
    });
    await context.drive();
    if (options.useAsOutput) this.output = context.output;
    return context.output;
  }
}

/** A TestNodeContext for `node` over a fresh in-memory session with `state`. */
export async function createNodeContext(
  node: BaseNode,
  nodeInput?: unknown,
  options: { state?: Record<string, unknown>; branch?: string } & Partial<TestNodeContextInit> = {},
): Promise<TestNodeContext> {
  const { state, branch, ...init } = options;
  const invocation = await createTestInvocationContext({
    ...(state ? { state } : {}),
    ...(branch ? { branch } : {}),
  });
  return new TestNodeContext(invocation, { ...init, node, nodeInput });
}

/** Runs `node` with `nodeInput` and returns its context once it has finished. */
export async function runTestNode(
  node: BaseNode,
  nodeInput?: unknown,
  options?: Parameters<typeof createNodeContext>[2],
): Promise<TestNodeContext> {
  return (await createNodeContext(node, nodeInput, options)).drive();
}
