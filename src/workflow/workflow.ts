import type { Span } from '@opentelemetry/api';
import { BaseAgent, type BaseAgentConfig } from '../agents/base-agent.js';
import { WorkflowConfigurationError } from '../errors/workflow-configuration-error.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { noSpan } from '../telemetry/adk-tracer.js';
import type { Event } from '../events/event.js';
import type { BaseNodeConfig } from './base-node.js';
import type { EdgeItem } from './edge.js';
import { EventChannel } from './event-channel.js';
import { checkStateParams } from './state-params-check.js';
import { Graph } from './graph.js';
import { NodeRunner } from './node-runner.js';
import { realClock, type WorkflowClock } from './workflow-clock.js';
import { WorkflowNode } from './workflow-node.js';
import { findWorkflowResumePoint } from './workflow-resume.js';

/** Fields of a Workflow (`new Workflow({ name, edges, maxConcurrency })`, as `@google/adk` 2.0). */
export interface WorkflowConfig
  extends BaseAgentConfig, Omit<BaseNodeConfig, 'name' | 'description'> {
  /** The graph: explicit edges and chains (`[START, a, b]`, routing maps, fan-out lists). */
  edges?: readonly EdgeItem[];
  /** A graph built beforehand (Python `Workflow(graph=…)`), instead of `edges`; it is validated here. */
  graph?: Graph;
  /**
   * At most this many graph-scheduled nodes run at once; unset or ≤ 0 means
   * no limit. Nodes started with `ctx.runNode` do not count (their caller
   * awaits them, so throttling them could deadlock).
   */
  maxConcurrency?: number;
  /** The clock for retry sleeps, time limits and jitter; the real one by default (tests pass their own). */
  clock?: WorkflowClock;
}

/**
 * A graph of nodes run as an agent (Python 2.x `Workflow`, issue 17 §3): a
 * root agent of the Runner or a sub-agent. The edges are compiled and
 * validated when it is made (Graph errors name the nodes). Each run starts
 * the graph with the user's message as START's output and runs it as node
 * `<name>@1` (its nodes' paths are `<name>@1/<node>@<run>`): nodes run when
 * triggered, up to `maxConcurrency` at once, each event committed before the
 * node that yielded it goes on. When a node fails after its retries, the
 * other running nodes are cancelled and the run throws that node's error,
 * after its error events.
 */
export class Workflow extends BaseAgent {
  /** The edges as given (empty when a graph was given). */
  readonly edges: readonly EdgeItem[];
  /** The compiled, validated graph. */
  readonly graph: Graph;
  readonly maxConcurrency: number | undefined;
  /** The graph as a node, with this workflow's node fields (retries, time limit, schemas). */
  readonly node: WorkflowNode;
  private readonly clock: WorkflowClock;

  constructor(config: WorkflowConfig) {
    super(config);
    if ((config.edges === undefined) === (config.graph === undefined)) {
      throw new WorkflowConfigurationError({
        message: `Workflow '${config.name}' needs either edges or a graph (exactly one).`,
        nodeName: config.name,
      });
    }
    this.edges = [...(config.edges ?? [])];
    if (config.graph) {
      config.graph.validate();
      this.graph = config.graph;
    } else {
      this.graph = Graph.fromEdgeItems(this.edges);
    }
    checkStateParams(this.graph, config.stateSchema);
    this.maxConcurrency = config.maxConcurrency;
    this.clock = config.clock ?? realClock;
    this.node = new WorkflowNode({
      ...nodeFields(config),
      name: config.name,
      graph: this.graph,
      maxConcurrency: config.maxConcurrency,
    });
  }

  /** No `invoke_agent` span: the run is its graph's `invoke_workflow` span (Python's only span for it). */
  protected override startRunSpan(): Span {
    return noSpan();
  }

  protected async *runAsyncImpl(
    context: InvocationContext,
  ): AsyncGenerator<Event, void, undefined> {
    // An answer to a node's interrupt resumes the run that asked (replayed from the session).
    const { replayInvocationIds, input } = findWorkflowResumePoint(context, this.name);
    const channel = new EventChannel();
    const stop = new AbortController();
    const abortSignal = context.abortSignal
      ? AbortSignal.any([context.abortSignal, stop.signal])
      : stop.signal;
    const runner = new NodeRunner({
      node: this.node,
      parent: {
        context: undefined,
        invocationContext: context,
        nodePath: '',
        outputForAncestors: [],
        isolationScope: undefined,
        abortSignal,
        services: { channel, clock: this.clock, replayInvocationIds },
      },
      runId: '1',
    });
    const work = runner.run(input);
    yield* channel.drain(work, () => stop.abort());
    const result = await work;
    if (result.error !== undefined) throw result.error;
  }
}

/** The BaseNode fields of a Workflow's config (callbacks and agent-only fields left out). */
function nodeFields(config: WorkflowConfig): Omit<BaseNodeConfig, 'name'> {
  const fields: Omit<BaseNodeConfig, 'name'> = {};
  if (config.description !== undefined) fields.description = config.description;
  if (config.rerunOnResume !== undefined) fields.rerunOnResume = config.rerunOnResume;
  if (config.waitForOutput !== undefined) fields.waitForOutput = config.waitForOutput;
  if (config.retryConfig !== undefined) fields.retryConfig = config.retryConfig;
  if (config.timeout !== undefined) fields.timeout = config.timeout;
  if (config.inputSchema !== undefined) fields.inputSchema = config.inputSchema;
  if (config.outputSchema !== undefined) fields.outputSchema = config.outputSchema;
  if (config.stateSchema !== undefined) fields.stateSchema = config.stateSchema;
  return fields;
}
