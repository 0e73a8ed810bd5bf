import { WorkflowConfigurationError } from '../errors/workflow-configuration-error.js';
import type { RouteValue } from '../events/event-actions.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import type { BaseNode } from './base-node.js';
import { Edge, graphEdge, type EdgeItem, type EdgeRoute, type GraphEdge } from './edge.js';
import { buildNodeOnce, describe, isNodeLike } from './build-node.js';
import type { ChainElement, NodeLike, RoutingMap } from './node-like.js';

type RoutingEntries = [RouteValue, NodeLike | readonly NodeLike[]][];

/**
 * The edges of a Workflow's edge items (Python `parse_edge_items`): explicit
 * edges as given, chains expanded pairwise. Between two elements every node
 * of the first links to every node of the second; a routing map as the second
 * gives one routed edge per (node, route, target). A function that appears
 * several times becomes one node. Throws WorkflowConfigurationError for
 * anything that is not an edge item, a node-like value or a routing map, for
 * an empty routing map and for two routing maps in a row.
 */
export function parseEdgeItems(edgeItems: readonly EdgeItem[]): GraphEdge[] {
  const built = new WeakMap<object, BaseNode>();
  const edges: GraphEdge[] = [];
  for (const item of edgeItems) {
    if (Edge.isInstance(item)) {
      edges.push(
        graphEdge(toNode(item.fromNode, built), toNode(item.toNode, built), checkRoute(item.route)),
      );
    } else if (Array.isArray(item)) {
      edges.push(...parseChain(item as readonly ChainElement[], built));
    } else {
      throw new WorkflowConfigurationError({
        message: `Invalid edge item: ${describe(item)}. Use an Edge or a chain array such as [START, a, b].`,
      });
    }
  }
  return edges;
}

function parseChain(chain: readonly ChainElement[], built: WeakMap<object, BaseNode>): GraphEdge[] {
  const edges: GraphEdge[] = [];
  for (let index = 0; index + 1 < chain.length; index++) {
    const fromElement = chain[index];
    const toElement = chain[index + 1];
    const fromNodes = flatten(fromElement, built);
    const routing = routingEntries(toElement);
    if (routing) {
      if (routingEntries(fromElement)) {
        throw new WorkflowConfigurationError({
          message:
            'Consecutive routing maps are not allowed in a chain. Split them into separate edge items.',
        });
      }
      for (const fromNode of fromNodes) {
        for (const [route, target] of routing) {
          for (const to of flatten(target, built)) {
            edges.push(graphEdge(fromNode, to, route));
          }
        }
      }
    } else {
      for (const fromNode of fromNodes) {
        for (const to of flatten(toElement, built)) edges.push(graphEdge(fromNode, to));
      }
    }
  }
  return edges;
}

/** The nodes of one chain element: a node, each node of a list, or every target of a routing map. */
function flatten(element: ChainElement | undefined, built: WeakMap<object, BaseNode>): BaseNode[] {
  const routing = routingEntries(element);
  if (routing) return routing.flatMap(([, target]) => flatten(target, built));
  if (Array.isArray(element)) {
    return (element as readonly unknown[]).map((item) => {
      if (Array.isArray(item) || !isNodeLike(item)) {
        throw new WorkflowConfigurationError({
          message: `Invalid node in a fan-out list: ${describe(item)}. Lists hold nodes, functions or 'START'.`,
        });
      }
      return toNode(item, built);
    });
  }
  return [toNode(element, built)];
}

/** The (route, target) pairs of a routing map, checked; undefined when `element` is not one. */
function routingEntries(element: unknown): RoutingEntries | undefined {
  let entries: [unknown, unknown][];
  if (element instanceof Map) entries = [...(element as RoutingMap & Map<unknown, unknown>)];
  else if (isPlainObject(element)) entries = Object.entries(element);
  else return undefined;
  if (entries.length === 0) {
    throw new WorkflowConfigurationError({
      message: 'Routing map must not be empty. Provide at least one route -> node mapping.',
    });
  }
  for (const [route, target] of entries) {
    if (!isRouteValue(route)) {
      throw new WorkflowConfigurationError({
        message: `Invalid routing map key: ${describe(route)}. Keys must be route values (string, number or boolean).`,
      });
    }
    const targets: unknown[] = Array.isArray(target) ? target : [target];
    for (const node of targets) {
      if (Array.isArray(node) || !isNodeLike(node)) {
        throw new WorkflowConfigurationError({
          message: `Invalid routing map value for route ${JSON.stringify(route)}: ${describe(node)}. Values must be nodes, functions or 'START' (or a list of them).`,
        });
      }
    }
  }
  return entries as RoutingEntries;
}

function toNode(value: unknown, built: WeakMap<object, BaseNode>): BaseNode {
  if (!isNodeLike(value)) {
    throw new WorkflowConfigurationError({
      message: `Cannot make a workflow node from ${describe(value)}: expected a node, a function or 'START'.`,
    });
  }
  return buildNodeOnce(value, built);
}

function isRouteValue(value: unknown): value is RouteValue {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function checkRoute(route: EdgeRoute): EdgeRoute {
  if (route === null) return null;
  const values: unknown[] = Array.isArray(route) ? route : [route];
  for (const value of values) {
    if (!isRouteValue(value)) {
      throw new WorkflowConfigurationError({
        message: `Invalid edge route: ${describe(value)}. Routes are strings, numbers or booleans, or a list of them.`,
      });
    }
  }
  return Array.isArray(route) ? [...(route as readonly RouteValue[])] : route;
}
