import { AgentNode } from '../workflow/agent-node.js';
import type { BaseNode } from '../workflow/base-node.js';
import { FunctionNode } from '../workflow/function-node.js';
import type { Graph } from '../workflow/graph.js';
import { JoinNode } from '../workflow/join-node.js';
import { START_NODE_NAME } from '../workflow/start.js';
import { ToolNode } from '../workflow/tool-node.js';
import { WorkflowNode } from '../workflow/workflow-node.js';
import { Workflow } from '../workflow/workflow.js';
import {
  HIGHLIGHT_BORDER,
  HIGHLIGHT_EDGE,
  HIGHLIGHT_FILL,
  HIGHLIGHT_FONT,
  type AgentGraphPalette,
} from './agent-graph-palette.js';
import { dotAttributes, dotQuote } from './dot-syntax.js';
import { routeText } from './route-text.js';

/** Where edges meet a drawn workflow: into its START, out of its terminal nodes. */
export interface WorkflowEnds {
  readonly entry: string;
  readonly exits: readonly string[];
}

/** How `drawWorkflowCluster` draws. */
export interface WorkflowClusterOptions {
  /** The indentation of the cluster's opening line. */
  readonly indent: string;
  readonly palette: AgentGraphPalette;
  /**
   * Static paths (`wf/a`, `wf/inner/b`: node names without run ids) of the
   * nodes that ran; they, the START of a workflow that ran, and the edges
   * between two of them are highlighted.
   */
  readonly ranPaths: ReadonlySet<string>;
}

/**
 * Draws a Workflow into an agent graph (`agentGraphDot`) as a cluster
 * labelled `<name> (Workflow)`: its START, its nodes and its edges, each
 * routed edge labelled with its route (`routeText`; `DEFAULT_ROUTE` reads
 * `__DEFAULT__`). Node ids are static node paths (`wf/a`), so names
 * repeated in nested workflows stay apart; the label is the name, with 🤖
 * for an agent, 🔧 for a tool and 🔀 for a join node; `tooltip` names the
 * kind (`Start`, `Agent`, `Tool`, `Join`, `Function`, `Node`, as Python's
 * `plot_workflow_graph` does). A node with routed outgoing edges is a
 * diamond. A nested workflow (a workflow node, or an agent node running a
 * Workflow) is a cluster inside, entered at its START and left from its
 * terminal nodes. Returns the ids edges from outside use.
 */
export function drawWorkflowCluster(
  out: string[],
  workflow: Workflow,
  options: WorkflowClusterOptions,
): WorkflowEnds {
  return drawGraph(out, workflow.name, workflow.name, workflow.graph, options.indent, options);
}

function drawGraph(
  out: string[],
  name: string,
  path: string,
  graph: Graph,
  indent: string,
  options: WorkflowClusterOptions,
): WorkflowEnds {
  const { palette, ranPaths } = options;
  const inner = `${indent}\t`;
  out.push(`${indent}subgraph ${dotQuote(`cluster_${path}`)} {`);
  out.push(
    `${inner}graph ${dotAttributes({ label: `${name} (Workflow)`, style: 'rounded', color: palette.clusterBorder, fontcolor: palette.clusterFont })}`,
  );
  const startId = `${path}/${START_NODE_NAME}`;
  out.push(
    `${inner}${dotQuote(startId)} ${dotAttributes(nodeStyle('START', 'oval', 'Start', ranPaths.has(path)))}`,
  );
  const ends = new Map<string, WorkflowEnds>([
    [START_NODE_NAME, { entry: startId, exits: [startId] }],
  ]);
  const routers = new Set(
    graph.edges.filter((edge) => edge.route !== null).map((edge) => edge.fromNode.name),
  );
  for (const node of graph.nodes) {
    if (node.name === START_NODE_NAME) continue;
    const nodePath = `${path}/${node.name}`;
    const nested = nestedGraph(node);
    if (nested) {
      ends.set(node.name, drawGraph(out, node.name, nodePath, nested, inner, options));
      continue;
    }
    const [caption, shape, kind] = looks(node, routers.has(node.name));
    out.push(
      `${inner}${dotQuote(nodePath)} ${dotAttributes(nodeStyle(caption, shape, kind, ranPaths.has(nodePath)))}`,
    );
    ends.set(node.name, { entry: nodePath, exits: [nodePath] });
  }
  const ran = (nodeName: string) =>
    ranPaths.has(nodeName === START_NODE_NAME ? path : `${path}/${nodeName}`);
  for (const edge of graph.edges) {
    const from = ends.get(edge.fromNode.name);
    const to = ends.get(edge.toNode.name);
    if (!from || !to) continue;
    const attributes: Record<string, string> = {};
    if (edge.route !== null) attributes['label'] = routeText(edge.route);
    if (ran(edge.fromNode.name) && ran(edge.toNode.name)) {
      attributes['color'] = HIGHLIGHT_EDGE;
      attributes['penwidth'] = '2.0';
    } else {
      attributes['arrowhead'] = 'normal';
    }
    for (const exit of from.exits) {
      out.push(`${inner}${dotQuote(exit)} -> ${dotQuote(to.entry)} ${dotAttributes(attributes)}`);
    }
  }
  out.push(`${indent}}`);
  return graphEnds(path, graph);
}

/**
 * The ids where edges from outside meet a Workflow drawn by
 * `drawWorkflowCluster`, known before it is drawn: its START and its
 * terminal nodes (a terminal nested workflow's own terminal nodes).
 */
export function workflowEnds(workflow: Workflow): WorkflowEnds {
  return graphEnds(workflow.name, workflow.graph);
}

function graphEnds(path: string, graph: Graph): WorkflowEnds {
  const exits = [...graph.terminalNodeNames].flatMap((terminal) => {
    const nodePath = `${path}/${terminal}`;
    const nested = graph.getNode(terminal) && nestedGraph(graph.getNode(terminal)!);
    return nested ? graphEnds(nodePath, nested).exits : [nodePath];
  });
  return { entry: `${path}/${START_NODE_NAME}`, exits };
}

/** The graph a node runs when it is a workflow (a workflow node, or an agent node over a Workflow). */
function nestedGraph(node: BaseNode): Graph | undefined {
  if (node instanceof WorkflowNode) return node.graph;
  if (node instanceof AgentNode && node.agent instanceof Workflow) return node.agent.graph;
  return undefined;
}

/** A node's caption, shape and kind (the kind as Python's `plot_workflow_graph` tooltip). */
function looks(node: BaseNode, router: boolean): [string, string, string] {
  const shape = (fallback: string) => (router ? 'diamond' : fallback);
  if (node instanceof AgentNode) return [`🤖 ${node.name}`, shape('ellipse'), 'Agent'];
  if (node instanceof ToolNode) return [`🔧 ${node.name}`, shape('box'), 'Tool'];
  if (node instanceof JoinNode) return [`🔀 ${node.name}`, shape('oval'), 'Join'];
  return [node.name, shape('box'), node instanceof FunctionNode ? 'Function' : 'Node'];
}

function nodeStyle(
  label: string,
  shape: string,
  kind: string,
  highlighted: boolean,
): Record<string, string> {
  const style: Record<string, string> = { label, shape, tooltip: kind };
  if (!highlighted) return style;
  return {
    ...style,
    style: 'filled,rounded',
    fillcolor: HIGHLIGHT_FILL,
    color: HIGHLIGHT_BORDER,
    fontcolor: HIGHLIGHT_FONT,
  };
}
