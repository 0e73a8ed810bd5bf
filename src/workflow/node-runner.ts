import type { InvocationContext } from '../context/invocation-context.js';
import { DynamicNodeFailError } from '../errors/dynamic-node-fail-error.js';
import { NodeInterruptedError } from '../errors/node-interrupted-error.js';
import { NodeTimeoutError } from '../errors/node-timeout-error.js';
import { createEvent, type Event } from '../events/event.js';
import { getFunctionResponses } from '../events/event-predicates.js';
import { asStateSchema, validateStateEntry } from '../sessions/state-schema.js';
import { setOwn } from '../utils/get-own.js';
import { logger } from '../utils/logger.js';
import type { BaseNode } from './base-node.js';
import { appendNodePath, createSubBranch } from './branch-path.js';
import { createNodeErrorEvent } from './node-error-event.js';
import { NodeRunContext, type NodeRunServices } from './node-run-context.js';
import { endNodeSpan, startNodeSpan, type NodeSpan } from './node-span.js';
import { getRetryDelay, shouldRetryNode } from './retry-policy.js';

/**
 * What a node runner needs from whatever runs it: the enclosing node's
 * context, or, for a root workflow, the invocation itself.
 */
export interface NodeRunnerParent {
  /** The enclosing node's context; undefined for a root. */
  readonly context: NodeRunContext | undefined;
  /** The invocation context the child's copy starts from (branch, services, session). */
  readonly invocationContext: InvocationContext;
  /** The enclosing node's path; empty for a root. */
  readonly nodePath: string;
  /** The enclosing node's own output-for chain. */
  readonly outputForAncestors: readonly string[];
  readonly isolationScope: string | undefined;
  /** Fires when the enclosing run is cancelled; the child stops too. */
  readonly abortSignal: AbortSignal | undefined;
  readonly services: NodeRunServices;
}

/** The parent description of a node's own context, for the runners of its children. */
export function parentOf(ctx: NodeRunContext): NodeRunnerParent {
  return {
    context: ctx,
    invocationContext: ctx.invocation,
    nodePath: ctx.nodePath,
    outputForAncestors: ctx.outputForAncestors,
    isolationScope: ctx.isolationScope,
    abortSignal: ctx.abortSignal,
    services: ctx.services,
  };
}

/** How one node run is placed (Python `NodeRunner.__init__`, 004 §2). */
export interface NodeRunnerOptions {
  node: BaseNode;
  parent: NodeRunnerParent;
  /** This run's id among the parent's runs of the node; `'1'` when omitted. */
  runId?: string;
  /** The node's output is also its parent's (a terminal node, `useAsOutput`). */
  useAsOutput?: boolean;
  /** Run on `<base branch>.<name>@<runId>`. */
  useSubBranch?: boolean;
  /** The base branch instead of the parent's. */
  overrideBranch?: string;
  /** The isolation scope instead of the parent's (task-mode agents). */
  overrideIsolationScope?: string;
}

const STOPPED = Symbol('stopped');

/**
 * Runs one node run to its end (Python `NodeRunner`, 004 §2): for each
 * attempt it makes a child context (path `<parent path>/<name>@<runId>`,
 * the branch, the isolation scope), iterates `node.run` and sends each event
 * on, enriched (author, invocation id, `nodeInfo.path`, `nodeInfo.outputFor`
 * on output events, branch, isolation scope, pending state and artifact
 * deltas), records output, route and interrupts on the context, and at the
 * end sends one event with an output, route or delta not yet sent.
 *
 * A failed attempt sends an error event (`errorCode` = the error's class
 * name, `errorMessage`) and, when the node's `retryConfig` allows, sleeps the
 * backoff delay and tries again; the attempt count lives in memory only. A
 * `timeout` fails the attempt with NodeTimeoutError. `run` never rejects: the
 * returned context carries `error` and `errorNodePath`; when `cancel` is
 * called it stops at once (`cancelled` is then true) and sends nothing more.
 */
export class NodeRunner {
  readonly node: BaseNode;
  readonly runId: string;
  private readonly options: NodeRunnerOptions;
  private readonly cancelController = new AbortController();
  private cancelledFlag = false;
  private attemptTimedOut = false;
  private runSignalValue: AbortSignal | undefined;
  private currentSpan: NodeSpan | undefined;

  constructor(options: NodeRunnerOptions) {
    this.options = options;
    this.node = options.node;
    this.runId = options.runId ?? '1';
  }

  /** The path of this run, `<parent path>/<name>@<runId>`. */
  get nodePath(): string {
    return appendNodePath(this.options.parent.nodePath, this.node.name, this.runId);
  }

  /** True once `cancel` was called. */
  get cancelled(): boolean {
    return this.cancelledFlag;
  }

  /** Stops the run: the node is abandoned where it is and nothing more is sent. */
  cancel(): void {
    this.cancelledFlag = true;
    this.cancelController.abort();
  }

  /** Runs the node until it completes, waits, fails for good or is cancelled. */
  async run(
    nodeInput: unknown,
    { resumeInputs }: { resumeInputs?: Record<string, unknown> } = {},
  ): Promise<NodeRunContext> {
    for (let attempt = 1; ; attempt++) {
      const { ctx, retry } = await this.runAttempt(nodeInput, resumeInputs ?? {}, attempt);
      if (!retry) return ctx;
      logger.warn(
        `Node '${this.node.name}' failed and is being retried locally. Note: retry count is not persisted across resuming.`,
      );
    }
  }

  /**
   * A run that is not executed (a resumed workflow's replay, Python
   * `create_mock_context`): its context carries the recorded output, route
   * and interrupts, as if the node had just sent them; nothing is sent.
   */
  replay(
    nodeInput: unknown,
    outcome: {
      output: unknown;
      route: NodeRunContext['route'];
      interrupts: readonly string[];
    },
  ): NodeRunContext {
    const ctx = this.createChildContext(nodeInput, {}, 1, new AbortController().signal);
    if (outcome.output !== undefined && outcome.output !== null) {
      ctx.recordOutput(outcome.output);
      ctx.outputEmitted = true;
    }
    if (outcome.route !== undefined) {
      ctx.route = outcome.route;
      ctx.routeEmitted = true;
    }
    ctx.addInterruptIds(outcome.interrupts);
    return ctx;
  }

  /**
   * A run that fails without being executed (a resumed workflow that cannot
   * resume the node): it sends the error event a failed attempt sends and
   * returns a context carrying `error`; no retry.
   */
  async fail(nodeInput: unknown, error: Error): Promise<NodeRunContext> {
    const ctx = this.createChildContext(nodeInput, {}, 1, new AbortController().signal);
    logger.warn(`Node '${ctx.nodePath}' failed: ${error.message}`);
    await this.enqueueEvent(createNodeErrorEvent(error, { author: '' }), ctx);
    ctx.error = error;
    ctx.errorNodePath = ctx.nodePath;
    return ctx;
  }

  /** One attempt, in its own span; says whether to try again. */
  private async runAttempt(
    nodeInput: unknown,
    resumeInputs: Record<string, unknown>,
    attempt: number,
  ): Promise<{ ctx: NodeRunContext; retry: boolean }> {
    const attemptController = new AbortController();
    const { parent } = this.options;
    const nodeSpan = startNodeSpan(
      this.node,
      parent.context,
      parent.invocationContext.traceContext,
      parent.invocationContext.session.id,
    );
    this.currentSpan = nodeSpan;
    const ctx = this.createChildContext(nodeInput, resumeInputs, attempt, attemptController.signal);
    ctx.invocation.traceContext = nodeSpan.traceContext;
    let thrown: unknown;
    try {
      if (this.stopRequested()) return { ctx, retry: false };
      try {
        await this.executeNode(ctx, nodeInput, attemptController);
        if (this.stopRequested()) return { ctx, retry: false };
        // A workflow reports a failed child on its context instead of throwing,
        // so a sub-workflow's failure reaches the retry policy here.
        if (ctx.error !== undefined && (await this.attemptRetry(ctx.error, attempt))) {
          return { ctx, retry: true };
        }
        await this.flushOutputAndDeltas(ctx);
        return { ctx, retry: false };
      } catch (error) {
        thrown = error;
        attemptController.abort();
        if (this.stopRequested()) return { ctx, retry: false };
        if (DynamicNodeFailError.isInstance(error)) {
          ctx.error = error.error;
          ctx.errorNodePath = error.errorNodePath;
          return { ctx, retry: false };
        }
        const errorEvent = createNodeErrorEvent(error, { author: '' });
        logger.warn(`Node '${ctx.nodePath}' failed: ${errorEvent.errorMessage ?? ''}`);
        await this.enqueueEvent(errorEvent, ctx);
        if (await this.attemptRetry(error, attempt)) {
          return { ctx, retry: !this.stopRequested() };
        }
        ctx.error = error;
        ctx.errorNodePath = ctx.nodePath;
        return { ctx, retry: false };
      }
    } finally {
      endNodeSpan(nodeSpan, thrown ?? ctx.error);
    }
  }

  /** True once the run was cancelled, by `cancel` or by the enclosing run. */
  private stopRequested(): boolean {
    return this.cancelledFlag || this.options.parent.abortSignal?.aborted === true;
  }

  /** The signal that ends the whole run (not one attempt): the parent's or `cancel`. */
  private runSignal(): AbortSignal {
    this.runSignalValue ??= this.options.parent.abortSignal
      ? AbortSignal.any([this.options.parent.abortSignal, this.cancelController.signal])
      : this.cancelController.signal;
    return this.runSignalValue;
  }

  /** Sleeps the backoff delay and says whether to try again (Python `_attempt_retry`). */
  private async attemptRetry(error: unknown, attempt: number): Promise<boolean> {
    const config = this.node.preparedRetryConfig;
    if (!shouldRetryNode(error, config, { attemptCount: attempt })) return false;
    const { clock } = this.options.parent.services;
    const delay = getRetryDelay(config, { attemptCount: attempt }, () => clock.random());
    await clock.sleep(delay, this.runSignal());
    return !this.stopRequested();
  }

  /** The child context of one attempt (Python `_create_child_context`). */
  private createChildContext(
    nodeInput: unknown,
    resumeInputs: Record<string, unknown>,
    attemptCount: number,
    attemptSignal: AbortSignal,
  ): NodeRunContext {
    const { parent, overrideBranch, useSubBranch, overrideIsolationScope, useAsOutput } =
      this.options;
    const baseBranch = overrideBranch ?? parent.invocationContext.branch;
    const branch = useSubBranch
      ? createSubBranch(baseBranch, { name: this.node.name, runId: this.runId })
      : baseBranch;
    const abortSignal = AbortSignal.any([this.runSignal(), attemptSignal]);
    const invocationContext = parent.invocationContext.copy({
      branch: branch || undefined,
      abortSignal,
    });
    const ctx = new NodeRunContext({
      invocationContext,
      node: this.node,
      nodeInput,
      parentContext: parent.context,
      nodePath: this.nodePath,
      runId: this.runId,
      attemptCount,
      resumeInputs: { ...resumeInputs },
      outputForAncestors: useAsOutput ? [parent.nodePath, ...parent.outputForAncestors] : [],
      isolationScope: overrideIsolationScope ?? parent.isolationScope,
      abortSignal,
      services: parent.services,
      stateSchema: asStateSchema(this.node.stateSchema) ?? parent.context?.stateSchema,
    });
    return ctx;
  }

  /** Iterates `node.run` within the node's time limit (Python `_execute_node`). */
  private async executeNode(
    ctx: NodeRunContext,
    nodeInput: unknown,
    attemptController: AbortController,
  ): Promise<void> {
    this.attemptTimedOut = false;
    try {
      const timeout = this.node.timeout;
      if (timeout === undefined) {
        await this.runNodeLoop(ctx, nodeInput);
        return;
      }
      const timer = new AbortController();
      const limit = this.options.parent.services.clock
        .sleep(timeout, AbortSignal.any([timer.signal, ctx.abortSignal]))
        .then(() => {
          if (timer.signal.aborted || ctx.abortSignal.aborted) return;
          this.attemptTimedOut = true;
          attemptController.abort();
        });
      try {
        await this.runNodeLoop(ctx, nodeInput);
      } finally {
        timer.abort();
        await limit;
      }
      if (this.attemptTimedOut) throw new NodeTimeoutError({ nodeName: this.node.name, timeout });
    } catch (error) {
      if (this.attemptTimedOut && !NodeTimeoutError.isInstance(error)) {
        throw new NodeTimeoutError({ nodeName: this.node.name, timeout: this.node.timeout ?? 0 });
      }
      // A dynamic child stopped on an interrupt: its ids are already on ctx.
      if (NodeInterruptedError.isInstance(error)) return;
      throw error;
    }
  }

  /**
   * Iterates the node's events, recording and sending each; stops as soon as
   * the attempt is aborted (cancelled or out of time), abandoning the node.
   */
  private async runNodeLoop(ctx: NodeRunContext, nodeInput: unknown): Promise<void> {
    const events = this.node.run(ctx, nodeInput);
    let onAbort = (): void => undefined;
    const stopped = new Promise<typeof STOPPED>((resolve) => {
      onAbort = () => resolve(STOPPED);
      if (ctx.abortSignal.aborted) resolve(STOPPED);
      ctx.abortSignal.addEventListener('abort', onAbort, { once: true });
    });
    let finished = false;
    try {
      for (;;) {
        const next = await Promise.race([events.next(), stopped]);
        if (next === STOPPED || next.done) {
          finished = next !== STOPPED;
          return;
        }
        this.trackEventInContext(next.value, ctx);
        await this.enqueueEvent(next.value, ctx);
        if (ctx.abortSignal.aborted) return;
      }
    } finally {
      // Node keeps an `AbortSignal.any` signal that has a listener alive until
      // it aborts; left on, the listener would keep this run's context (and
      // the whole invocation it holds) for the life of the process.
      ctx.abortSignal.removeEventListener('abort', onAbort);
      // An abandoned generator is closed without waiting for it: it may be
      // stuck in an await that only the abort signal can end.
      if (!finished) void events.return(undefined).catch(() => undefined);
    }
  }

  /** Writes what an event says about the run onto the context (Python `_track_event_in_context`). */
  private trackEventInContext(event: Event, ctx: NodeRunContext): void {
    if (event.output !== undefined && event.output !== null) {
      ctx.recordOutput(event.output);
    } else if (event.nodeInfo?.messageAsOutput) {
      ctx.recordOutput(event.content);
    }
    if (event.longRunningToolIds) ctx.addInterruptIds(event.longRunningToolIds);
    // A long-running call answered within the run (a NodeTool whose node
    // finished) is no interrupt: only calls left unanswered make the node
    // wait, as Python's flow raises an interrupt only for pending calls.
    for (const response of getFunctionResponses(event)) {
      if (response.id) ctx.resolveInterruptId(response.id);
    }
    // Only the node's own events decide its route: a composite node passes on
    // events its children already acted on.
    const native =
      !event.author || event.author === this.node.name || event.author === ctx.eventAuthor;
    if (native && event.actions.route !== undefined) {
      ctx.route = event.actions.route;
      ctx.routeEmitted = true;
    }
    if (native && event.actions.transferToAgent !== undefined) {
      ctx.actions.transferToAgent = event.actions.transferToAgent;
    }
    // The state an event carries must fit the schema in force (Python validates here too).
    if (ctx.stateSchema) {
      for (const [key, value] of Object.entries(event.actions.stateDelta)) {
        validateStateEntry(ctx.stateSchema, key, value);
      }
    }
  }

  /**
   * Enriches an event and sends it (Python `_enqueue_event`). An output
   * delegated to a child is not sent again: the event goes without it, or
   * not at all when the output was all it carried.
   */
  private async enqueueEvent(event: Event, ctx: NodeRunContext): Promise<void> {
    if (this.stopRequested()) return;
    let sent = event;
    if (sent.output !== undefined && sent.output !== null && ctx.outputDelegated) {
      if (!hasNonOutputContent(sent)) return;
      sent = { ...sent };
      delete sent.output;
    }
    this.enrichEvent(sent, ctx);
    if (!sent.partial) flushDeltas(sent, ctx);
    this.currentSpan?.eventIds.push(sent.id);
    await ctx.services.channel.emit(sent);
    if (sent.output !== undefined && sent.output !== null) ctx.outputEmitted = true;
    if (sent.nodeInfo?.messageAsOutput) ctx.outputDelegated = true;
  }

  /** Sends the output, route or deltas not sent yet as one event (Python `_flush_output_and_deltas`). */
  private async flushOutputAndDeltas(ctx: NodeRunContext): Promise<void> {
    const { stateDelta, artifactDelta } = ctx.actions;
    const hasDeferredOutput =
      ctx.output !== undefined && ctx.output !== null && !ctx.outputEmitted && !ctx.outputDelegated;
    const hasUnflushedRoute = ctx.route !== undefined && !ctx.routeEmitted;
    const hasDeltas = Object.keys(stateDelta).length > 0 || Object.keys(artifactDelta).length > 0;
    if (!hasDeferredOutput && !hasUnflushedRoute && !hasDeltas) return;
    const route = ctx.route;
    const event = createEvent({
      author: '',
      ...(hasDeferredOutput ? { output: ctx.output } : {}),
      actions: hasUnflushedRoute && route !== undefined ? { route } : {},
    });
    this.enrichEvent(event, ctx);
    flushDeltas(event, ctx);
    this.currentSpan?.eventIds.push(event.id);
    await ctx.services.channel.emit(event);
    if (hasDeferredOutput) ctx.outputEmitted = true;
    if (hasUnflushedRoute) ctx.routeEmitted = true;
  }

  /** Sets author, invocation id, node path, branch, output-for and scope (Python `_enrich_event`). */
  private enrichEvent(event: Event, ctx: NodeRunContext): void {
    event.author = ctx.eventAuthor || this.node.name;
    event.invocationId = ctx.invocationId;
    const ic = ctx.invocation;
    if (event.branch === undefined) {
      if (ic.branch !== undefined) event.branch = ic.branch;
    } else if (event.branch === '') {
      delete event.branch;
      ic.branch = undefined;
    } else {
      ic.branch = event.branch;
    }
    const nodeInfo = { ...event.nodeInfo, path: ctx.nodePath };
    if (event.output !== undefined && event.output !== null) {
      nodeInfo.outputFor = [ctx.nodePath, ...ctx.outputForAncestors];
    }
    event.nodeInfo = nodeInfo;
    if (event.isolationScope === undefined && ctx.isolationScope !== undefined) {
      event.isolationScope = ctx.isolationScope;
    }
  }
}

function hasNonOutputContent(event: Event): boolean {
  return (
    Object.keys(event.actions.stateDelta).length > 0 ||
    Object.keys(event.actions.artifactDelta).length > 0
  );
}

/** Moves the context's pending state and artifact deltas onto the event (Python `_flush_deltas`). */
function flushDeltas(event: Event, ctx: NodeRunContext): void {
  const { stateDelta, artifactDelta } = ctx.actions;
  for (const key of Object.keys(stateDelta)) {
    setOwn(event.actions.stateDelta, key, stateDelta[key]);
    delete stateDelta[key];
  }
  for (const key of Object.keys(artifactDelta)) {
    setOwn(event.actions.artifactDelta, key, artifactDelta[key]);
    delete artifactDelta[key];
  }
}
