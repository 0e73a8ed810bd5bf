import { GraphValidationError } from '../errors/graph-validation-error.js';
import { isZodSchema } from '../tools/schema-conversion.js';
import { pythonRepr, pythonStr } from '../utils/python-repr.js';
import { checkChatAgentWiring, checkNoOldOrchestrators } from './graph-agent-checks.js';
import type { BaseNode } from './base-node.js';
import type { GraphEdge } from './edge.js';
import type { NodeSchema } from './node-schema.js';
import { DEFAULT_ROUTE, START_NODE_NAME } from './start.js';

/**
 * Checks a graph in the reference's order (Python `validate_graph`) and
 * returns its terminal node names (nodes other than START with no outgoing
 * edge). The first failed check throws GraphValidationError naming the nodes:
 * duplicate names, no START, a routed edge from START, unreachable nodes,
 * START with incoming edges, a duplicate (from, to) edge, DEFAULT_ROUTE in a
 * route list or on several edges of one node, a cycle of unconditional
 * edges, an output schema unlike the next node's input schema, a chat-mode
 * agent after a node other than START, a SequentialAgent, ParallelAgent or
 * LoopAgent as a node.
 */
export function validateGraph(
  nodes: readonly BaseNode[],
  edges: readonly GraphEdge[],
): Set<string> {
  const names = checkDuplicateNames(nodes);
  if (!names.includes(START_NODE_NAME)) {
    throw new GraphValidationError({
      rule: 'missing-start',
      nodeNames: [],
      message: `START node (name: '${START_NODE_NAME}') not found in graph nodes.`,
    });
  }
  checkStartEdges(edges);
  checkConnectivity(names, edges);
  checkDuplicateEdges(edges);
  checkDefaultRoutes(edges);
  checkUnconditionalCycles(names, edges);
  checkStaticSchemas(edges);
  checkChatAgentWiring(edges);
  checkNoOldOrchestrators(nodes);
  const fromNames = new Set(edges.map((edge) => edge.fromNode.name));
  return new Set(names.filter((name) => name !== START_NODE_NAME && !fromNames.has(name)));
}

function checkDuplicateNames(nodes: readonly BaseNode[]): string[] {
  const counts = new Map<string, number>();
  for (const node of nodes) counts.set(node.name, (counts.get(node.name) ?? 0) + 1);
  const duplicates = [...counts]
    .filter(([, count]) => count > 1)
    .map(([name]) => name)
    .sort();
  if (duplicates.length > 0) {
    throw new GraphValidationError({
      rule: 'duplicate-node-names',
      nodeNames: duplicates,
      message:
        `Duplicate node names found: ${pythonRepr(duplicates)}. This means multiple distinct node objects have the same name. ` +
        'If you intended to reuse the same node, ensure you pass the exact same object instance. If you intended to have distinct nodes, ensure they have unique names.',
    });
  }
  return [...counts.keys()];
}

function checkStartEdges(edges: readonly GraphEdge[]): void {
  for (const edge of edges) {
    if (edge.fromNode.name === START_NODE_NAME && edge.route !== null) {
      throw new GraphValidationError({
        rule: 'routed-start-edge',
        nodeNames: [START_NODE_NAME, edge.toNode.name],
        message: `Edges from START must not have routes (edge to ${edge.toNode.name} has route ${pythonStr(edge.route)}).`,
      });
    }
  }
}

function checkConnectivity(names: readonly string[], edges: readonly GraphEdge[]): void {
  const successors = adjacency(names, edges, () => true);
  const reachable = new Set<string>();
  const stack = [START_NODE_NAME];
  while (stack.length > 0) {
    const name = stack.pop() as string;
    if (reachable.has(name)) continue;
    reachable.add(name);
    for (const next of successors.get(name) ?? []) if (!reachable.has(next)) stack.push(next);
  }
  const unreachable = names.filter((name) => !reachable.has(name)).sort();
  if (unreachable.length > 0) {
    throw new GraphValidationError({
      rule: 'unreachable-nodes',
      nodeNames: unreachable,
      message: `The following nodes are unreachable from START: ${pythonRepr(unreachable)}`,
    });
  }
  const intoStart = edges.filter((edge) => edge.toNode.name === START_NODE_NAME);
  if (intoStart.length > 0) {
    throw new GraphValidationError({
      rule: 'start-has-incoming-edges',
      nodeNames: [START_NODE_NAME, ...intoStart.map((edge) => edge.fromNode.name)],
      message: 'START node must not have incoming edges.',
    });
  }
}

function checkDuplicateEdges(edges: readonly GraphEdge[]): void {
  const seen = new Set<string>();
  for (const edge of edges) {
    const key = JSON.stringify([edge.fromNode.name, edge.toNode.name]);
    if (seen.has(key)) {
      throw new GraphValidationError({
        rule: 'duplicate-edge',
        nodeNames: [edge.fromNode.name, edge.toNode.name],
        message: `Duplicate edge found: from=${edge.fromNode.name}, to=${edge.toNode.name}`,
      });
    }
    seen.add(key);
  }
}

function checkDefaultRoutes(edges: readonly GraphEdge[]): void {
  const defaults = new Map<string, string>();
  for (const edge of edges) {
    const from = edge.fromNode.name;
    const to = edge.toNode.name;
    if (Array.isArray(edge.route) && edge.route.includes(DEFAULT_ROUTE)) {
      throw new GraphValidationError({
        rule: 'default-route-in-list',
        nodeNames: [from, to],
        message: `DEFAULT_ROUTE cannot be combined with other routes in a list (edge from=${from}, to=${to}). Use a separate edge for DEFAULT_ROUTE.`,
      });
    }
    if (edge.route !== DEFAULT_ROUTE) continue;
    const earlier = defaults.get(from);
    if (earlier !== undefined) {
      throw new GraphValidationError({
        rule: 'multiple-default-routes',
        nodeNames: [from, earlier, to],
        message: `Multiple DEFAULT_ROUTE edges found from node ${from} to ${earlier} and ${to}`,
      });
    }
    defaults.set(from, to);
  }
}

function checkUnconditionalCycles(names: readonly string[], edges: readonly GraphEdge[]): void {
  const successors = adjacency(names, edges, (edge) => edge.route === null);
  const done = new Set<string>();
  const onPath = new Set<string>();
  const path: string[] = [];
  // Iterative depth-first search, so a long chain cannot overflow the stack.
  for (const root of names) {
    if (done.has(root)) continue;
    const frames: { name: string; next: number }[] = [{ name: root, next: 0 }];
    onPath.add(root);
    path.push(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1] as { name: string; next: number };
      const neighbours = successors.get(frame.name) ?? [];
      const neighbour = neighbours[frame.next++];
      if (neighbour === undefined) {
        frames.pop();
        path.pop();
        onPath.delete(frame.name);
        done.add(frame.name);
      } else if (onPath.has(neighbour)) {
        const cycle = [...path.slice(path.indexOf(neighbour)), neighbour];
        throw new GraphValidationError({
          rule: 'unconditional-cycle',
          nodeNames: cycle,
          message: `Unconditional cycle detected: ${cycle.join(' -> ')}. Cycles must include at least one conditional (routed) edge to avoid infinite loops.`,
        });
      } else if (!done.has(neighbour)) {
        frames.push({ name: neighbour, next: 0 });
        onPath.add(neighbour);
        path.push(neighbour);
      }
    }
  }
}

function checkStaticSchemas(edges: readonly GraphEdge[]): void {
  for (const { fromNode, toNode } of edges) {
    const output = fromNode.outputSchema;
    const input = toNode.inputSchema;
    if (output === undefined || input === undefined || sameSchema(output, input)) continue;
    throw new GraphValidationError({
      rule: 'schema-mismatch',
      nodeNames: [fromNode.name, toNode.name],
      message: `Schema mismatch on edge ${fromNode.name} -> ${toNode.name}. The output schema of ${fromNode.name} does not match the input schema of ${toNode.name}.`,
    });
  }
}

// Python compares schema classes by identity and dict schemas by value.
function sameSchema(a: NodeSchema, b: NodeSchema): boolean {
  if (a === b) return true;
  if (isZodSchema(a) || isZodSchema(b)) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

function adjacency(
  names: readonly string[],
  edges: readonly GraphEdge[],
  include: (edge: GraphEdge) => boolean,
): Map<string, string[]> {
  const successors = new Map<string, string[]>(names.map((name) => [name, []]));
  for (const edge of edges) {
    if (include(edge)) successors.get(edge.fromNode.name)?.push(edge.toNode.name);
  }
  return successors;
}
