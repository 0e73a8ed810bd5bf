import { childrenOf, type AppInfoJson } from './app-info.js';
import { dotAttributes, dotQuote } from './dot-syntax.js';
import { routeText } from './route-text.js';

interface Palette {
  background: string;
  nodeFill: string;
  nodeBorder: string;
  nodeFont: string;
  edge: string;
  edgeFont: string;
}

// Python's plot_workflow_graph colours; the dark palette is this server's own
// (slate, like the light one), since adk-web asks for both.
const LIGHT: Palette = {
  background: '#F8FAFC',
  nodeFill: '#FFFFFF',
  nodeBorder: '#94A3B8',
  nodeFont: '#0F172A',
  edge: '#64748B',
  edgeFont: '#475569',
};
const DARK: Palette = {
  background: '#0F172A',
  nodeFill: '#1E293B',
  nodeBorder: '#475569',
  nodeFont: '#F1F5F9',
  edge: '#94A3B8',
  edgeFont: '#CBD5E1',
};

const START = '__START__';
const END = '__END__';
const DEFAULT_ROUTE = '__DEFAULT__';
const ICONS: Readonly<Record<string, string>> = { agent: '✨', workflow: '🔄', join: '🔀' };

interface GraphNodeJson {
  name: string;
  type: string;
}
interface GraphEdgeJson {
  from: string;
  to: string;
  route: unknown;
}

/**
 * An agent or workflow (as `serializeAgent` writes it) drawn as adk-python's
 * `plot_workflow_graph` draws it, as Graphviz DOT, for `build_graph_image`.
 * A workflow (`graph` set): START (a green oval), its nodes (a router, a
 * node with routed outgoing edges, as a diamond; a join node as an oval;
 * the rest as rounded boxes; ✨ agents, 🔄 workflows, 🔀 joins), the edges
 * labelled with their routes, and END (a red oval) reached from every node
 * that may end the run (no outgoing edge, or only routed ones, the latter
 * labelled `__DEFAULT__`). Anything else: a tree of its `sub_agents`, or ''
 * when it has none (Python draws nothing then). `darkMode` swaps the light
 * slate palette for a dark one.
 */
export function workflowGraphDot(info: AppInfoJson, { darkMode }: { darkMode: boolean }): string {
  const graph = readGraph(info) ?? treeGraph(info);
  if (!graph) return '';
  const { nodes, edges, isWorkflow } = graph;
  const palette = darkMode ? DARK : LIGHT;
  const lines = [
    '// Workflow Visualization',
    'digraph {',
    `\tgraph ${dotAttributes({ bgcolor: palette.background, fontname: 'Helvetica', nodesep: '0.5', pad: '0.5', ranksep: '0.8', splines: 'spline' })}`,
    `\tnode ${dotAttributes({ color: palette.nodeBorder, fillcolor: palette.nodeFill, fontcolor: palette.nodeFont, fontname: 'Helvetica', fontsize: '12', margin: '0.25,0.15', penwidth: '1.5', shape: 'rect', style: 'rounded,filled' })}`,
    `\tedge ${dotAttributes({ arrowhead: 'vee', arrowsize: '0.7', color: palette.edge, fontcolor: palette.edgeFont, fontname: 'Helvetica', fontsize: '10', penwidth: '1.2' })}`,
  ];
  const outgoing = (name: string) => edges.filter((edge) => edge.from === name);

  for (const node of nodes) {
    if (node.name === START) continue;
    const icon = ICONS[node.type];
    const label = icon ? `${icon} ${node.name}` : node.name;
    const tooltip = node.type.charAt(0).toUpperCase() + node.type.slice(1).toLowerCase();
    const common = { fillcolor: palette.nodeFill, tooltip };
    const style = outgoing(node.name).some((edge) => truthy(edge.route))
      ? {
          ...common,
          height: '1.2',
          margin: '0.0,0.0',
          shape: 'diamond',
          style: 'filled',
          width: '0.8',
        }
      : node.type === 'join'
        ? { ...common, margin: '0.05,0.05', shape: 'oval', style: 'filled' }
        : { ...common, style: 'rounded,filled' };
    lines.push(`\t${dotQuote(node.name)} ${dotAttributes({ label, ...style })}`);
  }

  if (edges.some((edge) => edge.from === START)) {
    lines.push(
      `\t${dotQuote(START)} ${dotAttributes({ label: 'START', color: '#059669', fillcolor: '#10B981', fixedsize: 'true', fontcolor: '#FFFFFF', fontname: 'Helvetica-Bold', shape: 'oval', style: 'filled', width: '0.9' })}`,
    );
  }
  for (const edge of edges) {
    const label = truthy(edge.route) ? `  ${routeText(edge.route)}` : '';
    lines.push(`\t${dotQuote(edge.from)} -> ${dotQuote(edge.to)} ${dotAttributes({ label })}`);
  }

  const terminals = nodes.flatMap((node) => {
    if (node.name === START || node.name === END) return [];
    const out = outgoing(node.name);
    const handlesDefault = out.some((edge) => !truthy(edge.route) || edge.route === DEFAULT_ROUTE);
    return out.length === 0 || !handlesDefault ? [{ name: node.name, routed: out.length > 0 }] : [];
  });
  if (isWorkflow && terminals.length > 0) {
    lines.push(
      `\t${dotQuote(END)} ${dotAttributes({ label: 'END', color: '#DC2626', fillcolor: '#EF4444', fixedsize: 'true', fontcolor: '#FFFFFF', fontname: 'Helvetica-Bold', shape: 'oval', style: 'filled', width: '0.9' })}`,
    );
    for (const { name, routed } of terminals) {
      const label = routed ? `  ${DEFAULT_ROUTE}` : '';
      lines.push(`\t${dotQuote(name)} -> ${dotQuote(END)} ${dotAttributes({ label })}`);
    }
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

/**
 * Every workflow at or below `info`, keyed by its `/`-separated path from
 * `info` (`path` for `info` itself), through graph nodes, `nodes` and
 * `sub_agents`, as adk-python's `_get_all_sub_workflows` finds them.
 */
export function subWorkflows(info: AppInfoJson, path: string): Map<string, AppInfoJson> {
  const found = new Map<string, AppInfoJson>();
  const visit = (current: AppInfoJson, currentPath: string) => {
    if (readGraph(current)) found.set(currentPath, current);
    for (const child of childrenOf(current)) {
      const name = child['name'];
      if (typeof name !== 'string' || name === '') continue;
      visit(child, currentPath === '' ? name : `${currentPath}/${name}`);
    }
  };
  visit(info, path);
  return found;
}

function readGraph(
  info: AppInfoJson,
): { nodes: GraphNodeJson[]; edges: GraphEdgeJson[]; isWorkflow: boolean } | undefined {
  const graph = info['graph'];
  if (typeof graph !== 'object' || graph === null || Object.keys(graph).length === 0) {
    return undefined;
  }
  const nameOf = (value: unknown): string => {
    const name = typeof value === 'object' && value !== null ? (value as AppInfoJson)['name'] : '';
    return typeof name === 'string' ? name : '';
  };
  const { nodes, edges } = graph as AppInfoJson;
  return {
    nodes: (Array.isArray(nodes) ? (nodes as AppInfoJson[]) : []).map((node) => ({
      name: nameOf(node),
      type: typeof node['type'] === 'string' ? node['type'] : 'node',
    })),
    edges: (Array.isArray(edges) ? (edges as AppInfoJson[]) : [])
      .map((edge) => ({
        from: nameOf(edge['from_node']),
        to: nameOf(edge['to_node']),
        route: edge['route'],
      }))
      .filter((edge) => edge.from !== '' && edge.to !== ''),
    isWorkflow: true,
  };
}

/** An agent without a graph as a graph: itself and its sub-agents, parent → child. */
function treeGraph(
  info: AppInfoJson,
): { nodes: GraphNodeJson[]; edges: GraphEdgeJson[]; isWorkflow: boolean } | undefined {
  const children = (agent: AppInfoJson): AppInfoJson[] =>
    Array.isArray(agent['sub_agents']) ? (agent['sub_agents'] as AppInfoJson[]) : [];
  if (children(info).length === 0) return undefined;
  const rootName = typeof info['name'] === 'string' ? info['name'] : 'root_agent';
  const nodes: GraphNodeJson[] = [{ name: rootName, type: 'node' }];
  const edges: GraphEdgeJson[] = [];
  const visit = (agent: AppInfoJson, parent: string): void => {
    for (const child of children(agent)) {
      const name = child['name'];
      if (typeof name !== 'string' || name === '') continue;
      nodes.push({ name, type: 'node' });
      edges.push({ from: parent, to: name, route: undefined });
      visit(child, name);
    }
  };
  visit(info, rootName);
  return { nodes, edges, isWorkflow: false };
}

/** Python's truthiness of a route: no route, '', 0, false and [] are falsy. */
function truthy(route: unknown): boolean {
  if (Array.isArray(route)) return route.length > 0;
  return route !== undefined && route !== null && route !== '' && route !== 0 && route !== false;
}
