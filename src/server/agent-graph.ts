import type { BaseAgent } from '../agents/base-agent.js';
import { LlmAgent } from '../agents/llm-agent.js';
import { LoopAgent } from '../agents/loop-agent.js';
import { ParallelAgent } from '../agents/parallel-agent.js';
import { SequentialAgent } from '../agents/sequential-agent.js';
import { AgentTool } from '../tools/agent-tool.js';
import type { BaseTool } from '../tools/base-tool.js';
import { Workflow } from '../workflow/workflow.js';
import {
  DARK_AGENT_GRAPH,
  HIGHLIGHT_BORDER,
  HIGHLIGHT_EDGE,
  HIGHLIGHT_FILL,
  HIGHLIGHT_FONT,
  LIGHT_AGENT_GRAPH,
} from './agent-graph-palette.js';
import { dotAttributes, dotQuote } from './dot-syntax.js';
import { drawWorkflowCluster, workflowEnds, type WorkflowEnds } from './workflow-cluster-dot.js';

/** A pair of node names whose edge is highlighted (Python's `highlight_pairs`). */
export type HighlightPair = readonly [string, string];

type Node = BaseAgent | BaseTool;

function isAgent(node: Node): node is BaseAgent {
  return 'subAgents' in node;
}

function isWorkflowAgent(node: Node): boolean {
  return (
    node instanceof SequentialAgent || node instanceof LoopAgent || node instanceof ParallelAgent
  );
}

/** Python's node name: the agent or tool name, workflow agents with their kind. */
function nodeName(node: Node): string {
  if (node instanceof SequentialAgent) return `${node.name} (Sequential Agent)`;
  if (node instanceof LoopAgent) return `${node.name} (Loop Agent)`;
  if (node instanceof ParallelAgent) return `${node.name} (Parallel Agent)`;
  return node.name;
}

/** Python's caption: 🤖 for agents (and agent tools), 🔧 for tools. */
function nodeCaption(node: Node): string {
  if (isAgent(node) || node instanceof AgentTool) return `🤖 ${node.name}`;
  return `🔧 ${node.name}`;
}

/**
 * The agent tree as a Graphviz DOT digraph, drawn as adk-python's
 * `agent_graph.py` draws it: agents (ellipses, 🤖) and their tools (boxes,
 * 🔧) with edges from each agent to its sub-agents and tools; Sequential,
 * Loop and Parallel agents as clusters whose members are chained (a loop
 * back to its first member), or all reached from the parent (parallel).
 * `highlightPairs` colours the nodes and edges of an event. A Workflow is
 * drawn as its graph (`drawWorkflowCluster`): edges into it reach its
 * START, edges out of it leave its terminal nodes; `workflowRun` (static
 * node paths, see `workflowRunPaths`) highlights the nodes a run reached and
 * the edges between them. One statement per line, every id quoted.
 */
export async function agentGraphDot(
  root: BaseAgent,
  {
    highlightPairs = [],
    darkMode = true,
    workflowRun = new Set<string>(),
  }: {
    highlightPairs?: readonly HighlightPair[];
    darkMode?: boolean;
    workflowRun?: ReadonlySet<string>;
  } = {},
): Promise<string> {
  const palette = darkMode ? DARK_AGENT_GRAPH : LIGHT_AGENT_GRAPH;
  const lines: string[] = [
    'digraph {',
    `\tgraph ${dotAttributes({ rankdir: 'LR', bgcolor: palette.background, splines: 'spline', concentrate: 'true', overlap: 'false' })}`,
    `\tnode ${dotAttributes({ fontname: 'Arial', fontsize: '12', style: 'filled,rounded', shape: 'box', fillcolor: palette.nodeFill, fontcolor: palette.nodeFont, color: palette.nodeBorder })}`,
    `\tedge ${dotAttributes({ color: palette.edge, arrowsize: '0.7' })}`,
  ];
  const drawn = new Set<string>();

  const highlighted = (name: string): boolean =>
    highlightPairs.some(([from, to]) => from === name || to === name);

  // The workflows in the tree by name: an edge to or from one meets its graph's ends.
  const workflows = new Map<string, WorkflowEnds>();
  const findWorkflows = (agent: BaseAgent): void => {
    if (agent instanceof Workflow) workflows.set(agent.name, workflowEnds(agent));
    agent.subAgents.forEach(findWorkflows);
  };
  findWorkflows(root);
  const edges = new Set<string>();
  const drawEdge = (out: string[], from: string, to: string, indent: string): void => {
    const key = `${from}\u0000${to}`;
    if (edges.has(key)) return;
    edges.add(key);
    const intoWorkflow = workflows.get(to);
    const outOfWorkflow = workflows.get(from);
    if (intoWorkflow || outOfWorkflow) {
      const attributes: Record<string, string> =
        intoWorkflow && workflowRun.has(to)
          ? { color: HIGHLIGHT_EDGE, penwidth: '2.0' }
          : { arrowhead: 'normal' };
      for (const exit of outOfWorkflow?.exits ?? [from]) {
        out.push(
          `${indent}${dotQuote(exit)} -> ${dotQuote(intoWorkflow?.entry ?? to)} ${dotAttributes(attributes)}`,
        );
      }
      return;
    }
    for (const [highlightFrom, highlightTo] of highlightPairs) {
      if (from === highlightFrom && to === highlightTo) {
        out.push(
          `${indent}${dotQuote(from)} -> ${dotQuote(to)} ${dotAttributes({ color: HIGHLIGHT_EDGE, penwidth: '2.0' })}`,
        );
        return;
      }
      if (from === highlightTo && to === highlightFrom) {
        out.push(
          `${indent}${dotQuote(from)} -> ${dotQuote(to)} ${dotAttributes({ color: HIGHLIGHT_EDGE, penwidth: '2.0', dir: 'back' })}`,
        );
        return;
      }
    }
    out.push(
      `${indent}${dotQuote(from)} -> ${dotQuote(to)} ${dotAttributes({ arrowhead: 'normal' })}`,
    );
  };

  const drawNode = async (
    out: string[],
    node: Node,
    indent: string,
    parent: BaseAgent | undefined,
  ): Promise<void> => {
    const name = nodeName(node);
    if (isAgent(node) && isWorkflowAgent(node)) {
      out.push(`${indent}subgraph ${dotQuote(`cluster_${name}`)} {`);
      const inner = `${indent}\t`;
      out.push(
        `${inner}graph ${dotAttributes({ label: name, style: 'rounded', color: palette.clusterBorder, fontcolor: palette.clusterFont })}`,
      );
      await drawCluster(out, node, inner, parent);
      out.push(`${indent}}`);
      return;
    }
    if (drawn.has(name)) return;
    drawn.add(name);
    const shape = isAgent(node) ? 'ellipse' : 'box';
    const style: Record<string, string> = highlighted(name)
      ? {
          label: nodeCaption(node),
          shape,
          style: 'filled,rounded',
          fillcolor: HIGHLIGHT_FILL,
          color: HIGHLIGHT_BORDER,
          fontcolor: HIGHLIGHT_FONT,
        }
      : { label: nodeCaption(node), shape };
    out.push(`${indent}${dotQuote(name)} ${dotAttributes(style)}`);
  };

  const drawCluster = async (
    out: string[],
    agent: BaseAgent,
    indent: string,
    parent: BaseAgent | undefined,
  ): Promise<void> => {
    const members = agent.subAgents;
    if (agent instanceof ParallelAgent) {
      for (const member of members) {
        await build(out, member, indent, undefined);
        if (parent) drawEdge(out, parent.name, member.name, indent);
      }
      return;
    }
    const first = members[0];
    if (parent && first) drawEdge(out, parent.name, first.name, indent);
    for (let index = 0; index < members.length; index++) {
      await build(out, members[index]!, indent, undefined);
      const next = members[index + 1] ?? (agent instanceof LoopAgent ? first : undefined);
      if (next) drawEdge(out, members[index]!.name, next.name, indent);
    }
  };

  const build = async (
    out: string[],
    agent: BaseAgent,
    indent: string,
    parent: BaseAgent | undefined,
  ): Promise<void> => {
    if (agent instanceof Workflow) {
      drawWorkflowCluster(out, agent, { indent, palette, ranPaths: workflowRun });
      return;
    }
    await drawNode(out, agent, indent, parent);
    // A workflow agent's cluster already holds its members.
    if (isWorkflowAgent(agent)) return;
    for (const subAgent of agent.subAgents) {
      await build(out, subAgent, indent, agent);
      if (!isWorkflowAgent(subAgent) && !isWorkflowAgent(agent)) {
        drawEdge(out, agent.name, subAgent.name, indent);
      }
    }
    if (agent instanceof LlmAgent) {
      for (const tool of await agent.canonicalTools()) {
        await drawNode(out, tool, indent, undefined);
        drawEdge(out, agent.name, nodeName(tool), indent);
      }
    }
  };

  await build(lines, root, '\t', undefined);
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
