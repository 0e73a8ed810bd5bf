import type { RouteValue } from '../events/event-actions.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import type { BaseNode } from './base-node.js';
import type { ChainElement, NodeLike } from './node-like.js';

export type { RouteValue } from '../events/event-actions.js';

const marker = Symbol.for('adk-ts.workflow.Edge');

/** An edge's route: none (always fires), one value, or a list (fires on any). */
export type EdgeRoute = RouteValue | readonly RouteValue[] | null;

/** Fields of an Edge, as adk-js and Python name them. */
export interface EdgeInit {
  fromNode: NodeLike;
  toNode: NodeLike;
  /** Unset or null: unconditional. `DEFAULT_ROUTE` fires when no other route matched. */
  route?: EdgeRoute;
}

/**
 * A directed edge of a workflow graph (Python `Edge`). Given explicitly in a
 * Workflow's `edges`, its ends may be anything a chain accepts (`'START'`, a
 * function); the graph builds nodes from them. In a built `Graph` both ends
 * are nodes.
 */
export class Edge {
  private readonly [marker] = true;
  readonly fromNode: NodeLike;
  readonly toNode: NodeLike;
  readonly route: EdgeRoute;

  /** `new Edge({ fromNode, toNode, route })`, or positionally as adk-js writes it. */
  constructor(init: EdgeInit);
  constructor(fromNode: NodeLike, toNode: NodeLike, route?: EdgeRoute);
  constructor(first: EdgeInit | NodeLike, toNode?: NodeLike, route?: EdgeRoute) {
    const init: EdgeInit =
      toNode === undefined && isPlainObject(first)
        ? (first as EdgeInit)
        : { fromNode: first as NodeLike, toNode: toNode as NodeLike, route };
    this.fromNode = init.fromNode;
    this.toNode = init.toNode;
    this.route = init.route ?? null;
  }

  /** True for an Edge from any copy of this package. */
  static isInstance(value: unknown): value is Edge {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[marker] === true
    );
  }
}

/** True for an Edge from any copy of this package (adk-js `isEdge`). */
export function isEdge(value: unknown): value is Edge {
  return Edge.isInstance(value);
}

/**
 * One entry of a Workflow's `edges` (Python `EdgeItem`): an explicit Edge, or
 * a chain `[START, a, b, c]` whose elements are nodes, lists of nodes (fan-out
 * from the previous element, fan-in to the next) or routing maps
 * (`{ yes: b, no: c, [DEFAULT_ROUTE]: d }`: conditional edges from the
 * previous element). The legacy pair `[from, to]` is a chain of two.
 */
export type EdgeItem = Edge | readonly ChainElement[];

/** An edge of a built Graph: both ends are nodes. */
export type GraphEdge = Edge & { readonly fromNode: BaseNode; readonly toNode: BaseNode };

/** A graph edge between two nodes. */
export function graphEdge(
  fromNode: BaseNode,
  toNode: BaseNode,
  route: EdgeRoute = null,
): GraphEdge {
  return new Edge({ fromNode, toNode, route }) as GraphEdge;
}
