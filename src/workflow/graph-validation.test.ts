import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  GraphValidationError,
  type GraphValidationRule,
} from '../errors/graph-validation-error.js';
import { Edge, type EdgeItem } from './edge.js';
import { FunctionNode } from './function-node.js';
import { Graph } from './graph.js';
import { DEFAULT_ROUTE, START } from './start.js';

const fn = (name: string, config = {}) => new FunctionNode(name, () => name, config);

function failure(items: EdgeItem[]): GraphValidationError {
  try {
    Graph.fromEdgeItems(items);
  } catch (error) {
    if (GraphValidationError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected the graph to be rejected');
}

function expectRejected(items: EdgeItem[], rule: GraphValidationRule, nodeNames: string[]): void {
  const error = failure(items);
  expect(error.rule).toBe(rule);
  expect(error.nodeNames).toEqual(nodeNames);
  expect(error.message).toMatch(/^Graph validation failed\. /);
}

describe('Graph validation (004 §1, _graph_validation.py)', () => {
  const a = fn('a');
  const b = fn('b');
  const c = fn('c');

  it('rejects two distinct nodes with one name', () => {
    expectRejected(
      [
        [START, a, fn('b')],
        [a, fn('b')],
      ],
      'duplicate-node-names',
      ['b'],
    );
  });

  it('allows the same node object on several edges', () => {
    expect(() =>
      Graph.fromEdgeItems([
        [START, a, b],
        [a, c, b],
      ]),
    ).not.toThrow();
  });

  it('rejects a graph without START', () => {
    expectRejected([[a, b]], 'missing-start', []);
  });

  it('rejects a routed edge from START', () => {
    expectRejected([new Edge({ fromNode: START, toNode: a, route: 'x' })], 'routed-start-edge', [
      '__START__',
      'a',
    ]);
  });

  it('rejects nodes unreachable from START, naming them sorted', () => {
    expectRejected(
      [
        [START, a],
        [c, b],
      ],
      'unreachable-nodes',
      ['b', 'c'],
    );
  });

  it('rejects START with incoming edges', () => {
    expectRejected([[START, a, { back: START }]], 'start-has-incoming-edges', ['__START__', 'a']);
  });

  it('rejects a duplicate (from, to) edge even with different routes', () => {
    expectRejected(
      [
        [START, a],
        new Edge({ fromNode: a, toNode: b, route: 'x' }),
        new Edge({ fromNode: a, toNode: b, route: 'y' }),
      ],
      'duplicate-edge',
      ['a', 'b'],
    );
  });

  it('rejects DEFAULT_ROUTE inside a route list', () => {
    expectRejected(
      [[START, a], new Edge({ fromNode: a, toNode: b, route: ['x', DEFAULT_ROUTE] })],
      'default-route-in-list',
      ['a', 'b'],
    );
  });

  it('rejects several DEFAULT_ROUTE edges from one node', () => {
    expectRejected(
      [
        [START, a],
        new Edge({ fromNode: a, toNode: b, route: DEFAULT_ROUTE }),
        new Edge({ fromNode: a, toNode: c, route: DEFAULT_ROUTE }),
      ],
      'multiple-default-routes',
      ['a', 'b', 'c'],
    );
  });

  it('rejects a cycle made only of unconditional edges, naming it in order', () => {
    expectRejected([[START, a, b, c, a]], 'unconditional-cycle', ['a', 'b', 'c', 'a']);
  });

  it('allows a cycle with a routed edge (how loops are built)', () => {
    const graph = Graph.fromEdgeItems([[START, a, b, { again: a, done: c }]]);
    expect([...graph.terminalNodeNames]).toEqual(['c']);
  });

  it('rejects an output schema unlike the next input schema, and accepts the same one', () => {
    const shape = z.object({ n: z.number() });
    const producer = fn('producer', { outputSchema: shape });
    expectRejected(
      [[START, producer, fn('consumer', { inputSchema: z.object({ n: z.number() }) })]],
      'schema-mismatch',
      ['producer', 'consumer'],
    );
    expect(() =>
      Graph.fromEdgeItems([[START, producer, fn('consumer', { inputSchema: shape })]]),
    ).not.toThrow();
    const json = { type: 'object' };
    expect(() =>
      Graph.fromEdgeItems([
        [START, fn('p', { outputSchema: json }), fn('q', { inputSchema: { type: 'object' } })],
      ]),
    ).not.toThrow();
  });

  it('checks in the reference order: duplicate names before reachability before cycles', () => {
    const error = failure([
      [START, a],
      [fn('a'), b],
      [c, c],
    ]);
    expect(error.rule).toBe('duplicate-node-names');
    expect(
      failure([
        [START, a],
        [b, c, b],
      ]).rule,
    ).toBe('unreachable-nodes');
  });

  it('computes the terminal nodes: every node but START without outgoing edges', () => {
    const graph = Graph.fromEdgeItems([[START, a, [b, c]]]);
    expect([...graph.terminalNodeNames].sort()).toEqual(['b', 'c']);
    expect(graph.getPredecessorNames('b')).toEqual(['a']);
    expect(graph.getNode('c')).toBe(c);
  });
});

describe('Graph validation messages and shapes (_graph_validation.py tests)', () => {
  const a = fn('a');
  const b = fn('b');
  const c = fn('c');

  it('writes Python’s messages, lists in Python’s repr', () => {
    expect(
      failure([
        [START, a],
        [c, b],
      ]).message,
    ).toBe("Graph validation failed. The following nodes are unreachable from START: ['b', 'c']");
    expect(
      failure([
        [START, a, fn('b')],
        [a, fn('b')],
      ]).message,
    ).toMatch(
      /^Graph validation failed\. Duplicate node names found: \['b'\]\. This means multiple distinct node objects have the same name\./,
    );
    expect(failure([[a, b]]).message).toBe(
      "Graph validation failed. START node (name: '__START__') not found in graph nodes.",
    );
  });

  it('rejects a disconnected subgraph even when its edges are routed', () => {
    const loop = [
      new Edge({ fromNode: b, toNode: c, route: 'x' }),
      new Edge({ fromNode: c, toNode: b, route: 'y' }),
    ];
    expectRejected([[START, a], ...loop], 'unreachable-nodes', ['b', 'c']);
  });

  it('rejects an unconditional self-loop and allows a routed one', () => {
    expectRejected(
      [
        [START, a],
        [a, a],
      ],
      'unconditional-cycle',
      ['a', 'a'],
    );
    expect(() => Graph.fromEdgeItems([[START, a, { continue: a, done: b }]])).not.toThrow();
  });

  it('allows a diamond', () => {
    expect(() => Graph.fromEdgeItems([[START, [a, b], c]])).not.toThrow();
  });
});
