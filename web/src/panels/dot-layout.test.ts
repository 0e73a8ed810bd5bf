import { describe, expect, it } from 'vitest';
import { parseDot } from './dot-graph';
import { DEFAULT_LAYOUT, layoutTree, nodeWidth, type PlacedNode } from './dot-layout';

function byId(nodes: PlacedNode[]): Record<string, PlacedNode> {
  return Object.fromEntries(nodes.map((placed) => [placed.node.id, placed]));
}

function overlaps(a: PlacedNode, b: PlacedNode): boolean {
  return (
    Math.abs(a.x - b.x) < (a.width + b.width) / 2 && Math.abs(a.y - b.y) < (a.height + b.height) / 2
  );
}

describe('layoutTree', () => {
  it('puts the root on top, children one level down, centred under their parent', () => {
    const layout = layoutTree(
      parseDot(`digraph {
        root [label="🤖 root"]
        root -> helper
        root -> get_weather
        root -> save_report
        helper -> helper_tool
      }`),
    );
    const nodes = byId(layout.nodes);
    const root = nodes['root'];
    const kids = ['helper', 'get_weather', 'save_report'].map((id) => nodes[id]);
    expect(root?.depth).toBe(0);
    expect(kids.map((kid) => kid?.depth)).toEqual([1, 1, 1]);
    expect(nodes['helper_tool']?.depth).toBe(2);
    for (const kid of kids) expect(kid?.y).toBe((root?.y ?? 0) + DEFAULT_LAYOUT.levelHeight);
    // Siblings left to right in edge order; the parent centred over the first and last child's subtrees.
    const xs = kids.map((kid) => kid?.x ?? 0);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    expect(nodes['helper_tool']?.x).toBe(nodes['helper']?.x);
    const all = layout.nodes;
    for (const a of all) for (const b of all) if (a !== b) expect(overlaps(a, b)).toBe(false);
    for (const placed of all) {
      expect(placed.x - placed.width / 2).toBeGreaterThanOrEqual(DEFAULT_LAYOUT.margin);
      expect(placed.x + placed.width / 2).toBeLessThanOrEqual(layout.width - DEFAULT_LAYOUT.margin);
      expect(placed.y + placed.height / 2).toBeLessThanOrEqual(
        layout.height - DEFAULT_LAYOUT.margin,
      );
    }
    expect(layout.edges.every((edge) => edge.tree)).toBe(true);
    const edge = layout.edges.find((candidate) => candidate.to === 'get_weather');
    expect(edge?.y1).toBe((root?.y ?? 0) + DEFAULT_LAYOUT.nodeHeight / 2);
    expect(edge?.y2).toBe((nodes['get_weather']?.y ?? 0) - DEFAULT_LAYOUT.nodeHeight / 2);
  });

  it('sizes nodes by their longest label line and never below the minimum', () => {
    const [short, long] = parseDot('digraph { a; b [label="a much longer label\\nx"] }').nodes;
    expect(short && nodeWidth(short)).toBe(DEFAULT_LAYOUT.minNodeWidth);
    expect(long && nodeWidth(long)).toBe(
      Math.ceil(19 * DEFAULT_LAYOUT.charWidth + 2 * DEFAULT_LAYOUT.paddingX),
    );
  });

  it('survives cycles and second parents: one placement per node, extra edges not tree edges', () => {
    const layout = layoutTree(parseDot('digraph { a -> b; b -> c; c -> a; a -> c; d -> d }'));
    const nodes = byId(layout.nodes);
    expect(Object.keys(nodes).sort()).toEqual(['a', 'b', 'c', 'd']);
    // Every node has an incoming edge, so the first node roots the tree; d (a self-loop) roots its own.
    expect(nodes['a']?.depth).toBe(0);
    expect(nodes['b']?.depth).toBe(1);
    expect(nodes['c']?.depth).toBe(1);
    expect(nodes['d']?.depth).toBe(0);
    const tree = layout.edges.filter((edge) => edge.tree).map((edge) => `${edge.from}${edge.to}`);
    expect(tree.sort()).toEqual(['ab', 'ac']);
    const back = layout.edges.find((edge) => edge.from === 'c' && edge.to === 'a');
    expect(back?.tree).toBe(false);
    // An upward edge leaves the top of the lower node and enters the bottom of the upper one.
    expect(back?.y1).toBe((nodes['c']?.y ?? 0) - DEFAULT_LAYOUT.nodeHeight / 2);
    expect(back?.y2).toBe((nodes['a']?.y ?? 0) + DEFAULT_LAYOUT.nodeHeight / 2);
    for (const a of layout.nodes)
      for (const b of layout.nodes) if (a !== b) expect(overlaps(a, b)).toBe(false);
  });

  it('lays out an empty graph as an empty canvas', () => {
    const layout = layoutTree(parseDot('digraph {}'));
    expect(layout.nodes).toEqual([]);
    expect(layout.edges).toEqual([]);
    expect(layout.width).toBe(2 * DEFAULT_LAYOUT.margin);
  });
});
