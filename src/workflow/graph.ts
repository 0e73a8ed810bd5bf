import type { RouteValue } from '../events/event-actions.js';
import { logger } from '../utils/logger.js';
import type { BaseNode } from './base-node.js';
import type { EdgeItem, GraphEdge } from './edge.js';
import { parseEdgeItems } from './graph-parser.js';
import { validateGraph } from './graph-validation.js';
import { DEFAULT_ROUTE } from './start.js';

/**
 * A workflow's compiled graph (Python `Graph`, 004 §1): its edges and the
 * nodes they connect (each node once, in first-seen order).
 */
export class Graph {
  readonly nodes: readonly BaseNode[];
  readonly edges: readonly GraphEdge[];
  private terminalNames: ReadonlySet<string> = new Set();
  private readonly outgoing = new Map<string, GraphEdge[]>();

  /** A graph over `edges`; call `validate()` before relying on it (`fromEdgeItems` does). */
  constructor(edges: readonly GraphEdge[]) {
    this.edges = [...edges];
    const nodes = new Set<BaseNode>();
    for (const edge of this.edges) {
      nodes.add(edge.fromNode);
      nodes.add(edge.toNode);
      const list = this.outgoing.get(edge.fromNode.name);
      if (list) list.push(edge);
      else this.outgoing.set(edge.fromNode.name, [edge]);
    }
    this.nodes = [...nodes];
  }

  /**
   * Parses a Workflow's edge items (explicit edges and chains) and validates
   * the graph: throws WorkflowConfigurationError for malformed items and
   * GraphValidationError for a graph that breaks a rule.
   */
  static fromEdgeItems(edgeItems: readonly EdgeItem[]): Graph {
    const graph = new Graph(parseEdgeItems(edgeItems));
    graph.validate();
    return graph;
  }

  /** Checks every rule (see `validateGraph`) and computes the terminal nodes. */
  validate(): void {
    this.terminalNames = validateGraph(this.nodes, this.edges);
  }

  /** Nodes with no outgoing edge (START excluded); empty until `validate()`. */
  get terminalNodeNames(): ReadonlySet<string> {
    return this.terminalNames;
  }

  /** The node called `name`, if the graph has one. */
  getNode(name: string): BaseNode | undefined {
    return this.nodes.find((node) => node.name === name);
  }

  /** The names of the nodes with an edge into `name`, each once. */
  getPredecessorNames(name: string): string[] {
    const names = new Set<string>();
    for (const edge of this.edges) if (edge.toNode.name === name) names.add(edge.fromNode.name);
    return [...names];
  }

  /**
   * The nodes to trigger after `nodeName` completed having emitted
   * `routesToMatch` (Python `get_next_pending_nodes`), in edge order:
   * targets of unconditional edges always; targets of routed edges whose
   * routes include an emitted route; the DEFAULT_ROUTE target only when no
   * routed edge matched. Logs a warning when the node has routed edges and
   * nothing at all fires.
   */
  getNextPendingNodes(
    nodeName: string,
    routesToMatch: RouteValue | readonly RouteValue[] | null | undefined,
  ): string[] {
    const emitted: readonly unknown[] = Array.isArray(routesToMatch)
      ? routesToMatch
      : [routesToMatch ?? null];
    const next: string[] = [];
    let matchedSpecificRoute = false;
    let defaultTarget: string | undefined;
    let hasRoutedEdges = false;
    for (const edge of this.outgoing.get(nodeName) ?? []) {
      if (edge.route === null) {
        next.push(edge.toNode.name);
        continue;
      }
      hasRoutedEdges = true;
      if (edge.route === DEFAULT_ROUTE) {
        defaultTarget = edge.toNode.name;
        continue;
      }
      const edgeRoutes: readonly RouteValue[] = Array.isArray(edge.route)
        ? edge.route
        : [edge.route];
      if (edgeRoutes.some((route) => emitted.includes(route))) {
        next.push(edge.toNode.name);
        matchedSpecificRoute = true;
      }
    }
    if (!matchedSpecificRoute && defaultTarget !== undefined) next.push(defaultTarget);
    if (hasRoutedEdges && next.length === 0) {
      logger.warn(
        `Node '${nodeName}' has conditional/DEFAULT edges but none were matched by the emitted route(s): ${JSON.stringify(routesToMatch ?? null)}. The branch will end.`,
      );
    }
    return next;
  }
}
