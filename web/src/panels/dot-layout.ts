import type { DotGraph, DotNode } from './dot-graph';

/** Sizes of the layout, in SVG user units. */
export interface LayoutOptions {
  /** Width of one label character (an estimate: no text measuring in pure logic). */
  charWidth: number;
  /** Horizontal padding inside a node, each side. */
  paddingX: number;
  nodeHeight: number;
  minNodeWidth: number;
  /** Gap between sibling subtrees. */
  gapX: number;
  /** Vertical distance between the tops of two levels. */
  levelHeight: number;
  /** Margin around the whole drawing. */
  margin: number;
}

/** The sizes the graph panel uses. */
export const DEFAULT_LAYOUT: LayoutOptions = {
  charWidth: 7.2,
  paddingX: 14,
  nodeHeight: 36,
  minNodeWidth: 64,
  gapX: 24,
  levelHeight: 84,
  margin: 16,
};

/** A node placed on the canvas: `x`, `y` is its centre. */
export interface PlacedNode {
  node: DotNode;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Tree depth: 0 for a root. */
  depth: number;
}

/** An edge with its end points on the borders of the two nodes. */
export interface PlacedEdge {
  from: string;
  to: string;
  /** True when the edge is part of the spanning tree (parent above child). */
  tree: boolean;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** A laid-out graph and the size of its canvas. */
export interface GraphLayout {
  nodes: PlacedNode[];
  edges: PlacedEdge[];
  width: number;
  height: number;
}

/** The estimated width of a node from its longest label line. */
export function nodeWidth(node: DotNode, options: LayoutOptions = DEFAULT_LAYOUT): number {
  const longest = Math.max(...node.label.split('\n').map((line) => [...line].length));
  return Math.max(
    options.minNodeWidth,
    Math.ceil(longest * options.charWidth + 2 * options.paddingX),
  );
}

/**
 * Lays out a graph as a top-down tree. Roots are the nodes without incoming
 * edges (in source order; the first node when every node is on a cycle); a
 * breadth-first walk gives each other node its first-found parent. Nodes no
 * root reaches start trees of their own. Each subtree gets the width of its
 * widest level, children sit side by side under their parent, centred;
 * edges that are not tree edges (cycles, second parents) are kept, with
 * `tree: false`. Subtrees never overlap.
 */
export function layoutTree(graph: DotGraph, options: LayoutOptions = DEFAULT_LAYOUT): GraphLayout {
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const outgoing = new Map<string, string[]>(graph.nodes.map((node) => [node.id, []]));
  const incoming = new Set<string>();
  for (const edge of graph.edges) {
    if (edge.from === edge.to) continue;
    outgoing.get(edge.from)?.push(edge.to);
    incoming.add(edge.to);
  }

  const children = new Map<string, string[]>();
  const depth = new Map<string, number>();
  const roots: string[] = [];
  const visit = (root: string) => {
    roots.push(root);
    depth.set(root, 0);
    children.set(root, []);
    const queue = [root];
    for (let index = 0; index < queue.length; index += 1) {
      const parent = queue[index] ?? '';
      for (const child of outgoing.get(parent) ?? []) {
        if (depth.has(child)) continue;
        depth.set(child, (depth.get(parent) ?? 0) + 1);
        children.set(child, []);
        children.get(parent)?.push(child);
        queue.push(child);
      }
    }
  };
  for (const node of graph.nodes) if (!incoming.has(node.id) && !depth.has(node.id)) visit(node.id);
  for (const node of graph.nodes) if (!depth.has(node.id)) visit(node.id);

  const widths = new Map(graph.nodes.map((node) => [node.id, nodeWidth(node, options)]));
  const subtreeWidth = new Map<string, number>();
  const measure = (id: string): number => {
    const kids = children.get(id) ?? [];
    const kidsWidth =
      kids.reduce((sum, kid) => sum + measure(kid), 0) +
      options.gapX * Math.max(0, kids.length - 1);
    const width = Math.max(widths.get(id) ?? options.minNodeWidth, kidsWidth);
    subtreeWidth.set(id, width);
    return width;
  };

  const placed = new Map<string, PlacedNode>();
  const place = (id: string, left: number) => {
    const width = subtreeWidth.get(id) ?? 0;
    const level = depth.get(id) ?? 0;
    const node = byId.get(id);
    if (node) {
      placed.set(id, {
        node,
        x: left + width / 2,
        y: options.margin + level * options.levelHeight + options.nodeHeight / 2,
        width: widths.get(id) ?? options.minNodeWidth,
        height: options.nodeHeight,
        depth: level,
      });
    }
    const kids = children.get(id) ?? [];
    const kidsWidth =
      kids.reduce((sum, kid) => sum + (subtreeWidth.get(kid) ?? 0), 0) +
      options.gapX * Math.max(0, kids.length - 1);
    let cursor = left + (width - kidsWidth) / 2;
    for (const kid of kids) {
      place(kid, cursor);
      cursor += (subtreeWidth.get(kid) ?? 0) + options.gapX;
    }
  };

  let cursor = options.margin;
  for (const root of roots) {
    measure(root);
    place(root, cursor);
    cursor += (subtreeWidth.get(root) ?? 0) + options.gapX;
  }

  const treeEdges = new Set<string>();
  for (const [parent, kids] of children)
    for (const kid of kids) treeEdges.add(`${parent}\u0000${kid}`);
  const edges: PlacedEdge[] = [];
  for (const edge of graph.edges) {
    const from = placed.get(edge.from);
    const to = placed.get(edge.to);
    if (!from || !to) continue;
    const downward = to.y > from.y;
    edges.push({
      from: edge.from,
      to: edge.to,
      tree: treeEdges.has(`${edge.from}\u0000${edge.to}`),
      x1: from.x,
      y1: downward ? from.y + from.height / 2 : from.y - from.height / 2,
      x2: to.x,
      y2: downward ? to.y - to.height / 2 : to.y + (to.y < from.y ? to.height / 2 : -to.height / 2),
    });
  }

  const maxDepth = Math.max(0, ...[...depth.values()]);
  return {
    nodes: graph.nodes.flatMap((node) => {
      const found = placed.get(node.id);
      return found ? [found] : [];
    }),
    edges,
    width: Math.max(cursor - options.gapX + options.margin, 2 * options.margin),
    height: 2 * options.margin + maxDepth * options.levelHeight + options.nodeHeight,
  };
}
