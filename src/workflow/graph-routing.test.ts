import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../utils/logger.js';
import { Edge } from './edge.js';
import { FunctionNode } from './function-node.js';
import { Graph } from './graph.js';
import { DEFAULT_ROUTE, START } from './start.js';

const fn = (name: string) => new FunctionNode(name, () => name);

describe('Graph.getNextPendingNodes (004 §1, _graph.py get_next_pending_nodes)', () => {
  const router = fn('router');
  const yes = fn('yes');
  const no = fn('no');
  const other = fn('other');
  const log = fn('log');
  const graph = Graph.fromEdgeItems([
    [START, router, { yes, no, [DEFAULT_ROUTE]: other }],
    [router, log],
  ]);

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('fires unconditional edges whatever the route, and the matching routed edge', () => {
    expect(graph.getNextPendingNodes('router', 'yes')).toEqual(['yes', 'log']);
  });

  it('fires DEFAULT_ROUTE only when no specific route matched', () => {
    expect(graph.getNextPendingNodes('router', 'maybe')).toEqual(['log', 'other']);
    expect(graph.getNextPendingNodes('router', undefined)).toEqual(['log', 'other']);
    expect(graph.getNextPendingNodes('router', ['maybe', 'no'])).toEqual(['no', 'log']);
  });

  it('matches an emitted list against every routed edge', () => {
    expect(graph.getNextPendingNodes('router', ['yes', 'no'])).toEqual(['yes', 'no', 'log']);
  });

  it('fires an edge whose route list contains an emitted route', () => {
    const a = fn('a');
    const b = fn('b');
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const listed = Graph.fromEdgeItems([
      [START, a],
      new Edge({ fromNode: a, toNode: b, route: ['x', 2, true] }),
    ]);
    expect(listed.getNextPendingNodes('a', 2)).toEqual(['b']);
    expect(listed.getNextPendingNodes('a', true)).toEqual(['b']);
    expect(listed.getNextPendingNodes('a', '2')).toEqual([]);
  });

  it('returns nothing for a terminal node, and warns when routed edges all miss', () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    expect(graph.getNextPendingNodes('yes', 'anything')).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
    const a = fn('a');
    const b = fn('b');
    const routedOnly = Graph.fromEdgeItems([[START, a, { go: b }]]);
    expect(routedOnly.getNextPendingNodes('a', 'stop')).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining("Node 'a' has conditional/DEFAULT edges"),
    );
  });
});
