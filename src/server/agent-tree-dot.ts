import type { AppInfoJson } from './app-info.js';
import { dotAttributes, dotQuote } from './dot-syntax.js';

interface TreePalette {
  background: string;
  nodeFill: string;
  nodeBorder: string;
  nodeFont: string;
  edge: string;
  edgeFont: string;
}

// Python's plot_workflow_graph colours; the dark palette is this server's own
// (slate, like the light one), since adk-web asks for both.
const LIGHT: TreePalette = {
  background: '#F8FAFC',
  nodeFill: '#FFFFFF',
  nodeBorder: '#94A3B8',
  nodeFont: '#0F172A',
  edge: '#64748B',
  edgeFont: '#475569',
};
const DARK: TreePalette = {
  background: '#0F172A',
  nodeFill: '#1E293B',
  nodeBorder: '#475569',
  nodeFont: '#F1F5F9',
  edge: '#94A3B8',
  edgeFont: '#CBD5E1',
};

/**
 * An agent tree (as `serializeAgent` writes it) drawn as adk-python's
 * `plot_workflow_graph` draws an app without a workflow graph, for
 * `build_graph_image`: one rounded box per agent (its name as label), an
 * edge from each agent to each of its `sub_agents`, top to bottom, as
 * Graphviz DOT. An agent without sub-agents gives '' (Python draws nothing
 * then). `darkMode` swaps the light slate palette for a dark one.
 */
export function agentTreeDot(root: AppInfoJson, { darkMode }: { darkMode: boolean }): string {
  const children = (agent: AppInfoJson): AppInfoJson[] =>
    Array.isArray(agent['sub_agents']) ? (agent['sub_agents'] as AppInfoJson[]) : [];
  if (children(root).length === 0) return '';
  const rootName = typeof root['name'] === 'string' ? root['name'] : 'root_agent';
  const nodes: string[] = [rootName];
  const edges: [string, string][] = [];
  const visit = (agent: AppInfoJson, parent: string): void => {
    for (const child of children(agent)) {
      const name = child['name'];
      if (typeof name !== 'string' || name === '') continue;
      nodes.push(name);
      edges.push([parent, name]);
      visit(child, name);
    }
  };
  visit(root, rootName);

  const palette = darkMode ? DARK : LIGHT;
  const lines = [
    '// Workflow Visualization',
    'digraph {',
    `\tgraph ${dotAttributes({ bgcolor: palette.background, fontname: 'Helvetica', nodesep: '0.5', pad: '0.5', ranksep: '0.8', splines: 'spline' })}`,
    `\tnode ${dotAttributes({ color: palette.nodeBorder, fillcolor: palette.nodeFill, fontcolor: palette.nodeFont, fontname: 'Helvetica', fontsize: '12', margin: '0.25,0.15', penwidth: '1.5', shape: 'rect', style: 'rounded,filled' })}`,
    `\tedge ${dotAttributes({ arrowhead: 'vee', arrowsize: '0.7', color: palette.edge, fontcolor: palette.edgeFont, fontname: 'Helvetica', fontsize: '10', penwidth: '1.2' })}`,
  ];
  for (const name of nodes) {
    lines.push(
      `\t${dotQuote(name)} ${dotAttributes({ label: name, fillcolor: palette.nodeFill, style: 'rounded,filled', tooltip: 'Node' })}`,
    );
  }
  for (const [from, to] of edges) lines.push(`\t${dotQuote(from)} -> ${dotQuote(to)} [label=""]`);
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
