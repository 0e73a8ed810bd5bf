import { WorkflowConfigurationError } from '../errors/workflow-configuration-error.js';
import { BaseNode, type BaseNodeConfig } from './base-node.js';
import type { Graph } from './graph.js';
import type { NodeContext } from './node-context.js';
import { NodeRunContext } from './node-run-context.js';
import { WORKFLOW_NODE_MARKER } from './node-span.js';
import { runWorkflowGraph, type WorkflowGraphSpec } from './workflow-graph-run.js';

/** Fields of a WorkflowNode: a node's, plus the compiled graph and the concurrency limit. */
export interface WorkflowNodeConfig extends BaseNodeConfig {
  graph: Graph;
  maxConcurrency?: number | undefined;
}

/**
 * A workflow's graph as a node (Python `Workflow` as a `BaseNode`): running
 * it runs the graph's scheduler on the node's own context. It yields no
 * events itself; its children's events go straight to the Runner, and its
 * output is its terminal node's. It reruns on resume by default, as Python's
 * Workflow does. The `Workflow` agent runs one as its root node; a later
 * builder can place one inside another graph.
 */
export class WorkflowNode extends BaseNode implements WorkflowGraphSpec {
  private readonly [WORKFLOW_NODE_MARKER] = true;
  readonly graph: Graph;
  readonly maxConcurrency: number | undefined;

  constructor(config: WorkflowNodeConfig) {
    super({ ...config, rerunOnResume: config.rerunOnResume ?? true });
    this.graph = config.graph;
    this.maxConcurrency = config.maxConcurrency;
  }

  /** The output after `outputSchema`. */
  override validateOutput(output: unknown): unknown {
    return super.validateOutput(output);
  }

  // The scheduler sends the children's events itself; this node yields none.
  // eslint-disable-next-line require-yield
  protected async *runImpl(
    ctx: NodeContext,
    nodeInput: unknown,
  ): AsyncGenerator<unknown, void, undefined> {
    if (!NodeRunContext.isInstance(ctx)) {
      throw new WorkflowConfigurationError({
        message: `Workflow '${this.name}' must be run by the workflow engine's node runner.`,
        nodeName: this.name,
      });
    }
    await runWorkflowGraph(this, ctx, nodeInput);
  }
}
