import { describe, expect, it } from 'vitest';
import { WorkflowConfigurationError } from '../errors/workflow-configuration-error.js';
import { Edge, isEdge, type GraphEdge } from './edge.js';
import { isBaseNode } from './base-node.js';
import { FunctionNode } from './function-node.js';
import { Graph } from './graph.js';
import { parseEdgeItems } from './graph-parser.js';
import { DEFAULT_ROUTE, START } from './start.js';

const fn = (name: string) => new FunctionNode(name, () => name);

function pairs(edges: readonly GraphEdge[]): string[] {
  return edges.map((edge) => {
    const route = edge.route === null ? '' : ` [${JSON.stringify(edge.route)}]`;
    return `${edge.fromNode.name}->${edge.toNode.name}${route}`;
  });
}

describe('Edge items (004 §1, _graph_parser.py)', () => {
  const a = fn('a');
  const b = fn('b');
  const c = fn('c');
  const d = fn('d');

  it('expands a chain pairwise into unconditional edges, with START as the sentinel node', () => {
    const edges = parseEdgeItems([[START, a, b, c]]);
    expect(pairs(edges)).toEqual(['__START__->a', 'a->b', 'b->c']);
    expect(edges[0]?.fromNode).toBe(START);
  });

  it("accepts the string 'START' in a chain and in an explicit Edge", () => {
    expect(pairs(parseEdgeItems([['START', a]]))).toEqual(['__START__->a']);
    const edges = parseEdgeItems([new Edge({ fromNode: 'START', toNode: a })]);
    expect(edges[0]?.fromNode).toBe(START);
    expect(isEdge(edges[0])).toBe(true);
    expect(isBaseNode(edges[0]?.toNode)).toBe(true);
    expect(isEdge({ fromNode: a, toNode: a })).toBe(false);
  });

  it('fans out to and in from a list inside a chain', () => {
    expect(pairs(parseEdgeItems([[START, a, [b, c], d]]))).toEqual([
      '__START__->a',
      'a->b',
      'a->c',
      'b->d',
      'c->d',
    ]);
  });

  it('turns a routing map into routed edges, DEFAULT_ROUTE included, and its targets into the next sources', () => {
    const edges = parseEdgeItems([[START, a, { yes: b, no: [c, d], [DEFAULT_ROUTE]: d }]]);
    expect(pairs(edges)).toEqual([
      '__START__->a',
      'a->b ["yes"]',
      'a->c ["no"]',
      'a->d ["no"]',
      `a->d ["${DEFAULT_ROUTE}"]`,
    ]);
    const e = fn('e');
    expect(pairs(parseEdgeItems([[START, a, { yes: b, no: c }, e]]))).toContain('b->e');
    expect(pairs(parseEdgeItems([[START, a, { yes: b, no: c }, e]]))).toContain('c->e');
  });

  it('keeps number and boolean routes typed when the routing map is a Map', () => {
    const edges = parseEdgeItems([
      [
        START,
        a,
        new Map<number | boolean, FunctionNode>([
          [1, b],
          [true, c],
        ]),
      ],
    ]);
    expect(edges.map((edge) => edge.route)).toEqual([null, 1, true]);
  });

  it('rejects two routing maps in a row', () => {
    expect(() => parseEdgeItems([[START, a, { x: b }, { y: c }]])).toThrow(
      /Consecutive routing maps are not allowed/,
    );
  });

  it('rejects an empty routing map, a bad route key and a bad target', () => {
    expect(() => parseEdgeItems([[START, a, {}]])).toThrow(WorkflowConfigurationError);
    expect(() => parseEdgeItems([[START, a, new Map([[{}, b]]) as never]])).toThrow(
      /routing map key/,
    );
    expect(() => parseEdgeItems([[START, a, { x: 42 as never }]])).toThrow(/routing map value/);
  });

  it('builds one FunctionNode per function, however often it appears', () => {
    function shared(): string {
      return 'x';
    }
    const edges = parseEdgeItems([
      [START, shared, b],
      [a, shared],
    ]);
    const built = edges.filter((edge) => edge.toNode.name === 'shared').map((edge) => edge.toNode);
    expect(built).toHaveLength(2);
    expect(built[0]).toBe(built[1]);
    expect(built[0]).toBeInstanceOf(FunctionNode);
  });

  it('accepts the legacy [from, to] pair and the positional Edge constructor of adk-js', () => {
    expect(
      pairs(
        parseEdgeItems([
          [START, a],
          [a, b],
        ]),
      ),
    ).toEqual(['__START__->a', 'a->b']);
    expect(pairs(parseEdgeItems([new Edge(START, a), new Edge(a, b, ['x', 'y'])]))).toEqual([
      '__START__->a',
      'a->b [["x","y"]]',
    ]);
  });

  it('rejects what is neither an Edge nor a chain, and values that cannot be nodes', () => {
    expect(() => parseEdgeItems([{ fromNode: a } as never])).toThrow(/Invalid edge item/);
    expect(() => parseEdgeItems([[START, 'b' as never]])).toThrow(/Cannot make a workflow node/);
    expect(() => parseEdgeItems([[START, [a, [b]] as never]])).toThrow(/fan-out list/);
    expect(() =>
      parseEdgeItems([new Edge({ fromNode: a, toNode: b, route: {} as never })]),
    ).toThrow(/Invalid edge route/);
  });

  it('lists each node once, in first-seen order (Graph.nodes)', () => {
    const graph = Graph.fromEdgeItems([[START, a, [b, c], d]]);
    expect(graph.nodes.map((node) => node.name)).toEqual(['__START__', 'a', 'b', 'c', 'd']);
    expect(graph.edges).toHaveLength(5);
  });
});
