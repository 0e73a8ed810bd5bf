import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError } from '../api/http';
import { loadAgentGraph, loadEventGraph } from '../api/inspect-api';
import {
  displayName,
  edgeLabel,
  isHighlightedEdge,
  isHighlightedNode,
  nodeKind,
  parseDot,
  type DotGraph,
  type DotNodeKind,
} from './dot-graph';
import { layoutTree, type GraphLayout, type PlacedEdge, type PlacedNode } from './dot-layout';
import type { PanelProps } from './panel-props';
import './panels.css';

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; graph: DotGraph }
  | { status: 'error'; message: string };

const KIND_NAMES: Record<DotNodeKind, string> = {
  agent: 'Agent',
  tool: 'Tool',
  start: 'Start',
  end: 'End',
  join: 'Join',
  workflow: 'Workflow',
  node: 'Node',
  other: 'Node',
};

// The legend's order; 'other' is drawn like a node and not listed.
const LEGEND_ORDER: readonly DotNodeKind[] = ['agent', 'tool', 'start', 'node', 'join', 'end'];

/** The kinds the legend explains: agent and tool always, a workflow's kinds when the graph has them. */
function legendKinds(graph: DotGraph): DotNodeKind[] {
  const present = new Set<DotNodeKind>(['agent', 'tool', ...graph.nodes.map(nodeKind)]);
  return LEGEND_ORDER.filter((kind) => present.has(kind));
}

/** A cluster's box on the canvas: around its placed nodes, with room for its label above. */
interface PlacedCluster {
  id: string;
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

const CLUSTER_PADDING = 10;
const CLUSTER_LABEL_HEIGHT = 16;

/** The box of each cluster around the nodes placed for it (clusters whose nodes are not drawn are left out). */
function placeClusters(graph: DotGraph, layout: GraphLayout): PlacedCluster[] {
  const placed = new Map(layout.nodes.map((node) => [node.node.id, node]));
  return graph.clusters.flatMap((cluster) => {
    const members = cluster.nodeIds.flatMap((id) => {
      const node = placed.get(id);
      return node ? [node] : [];
    });
    if (members.length === 0) return [];
    const left = Math.min(...members.map((node) => node.x - node.width / 2)) - CLUSTER_PADDING;
    const right = Math.max(...members.map((node) => node.x + node.width / 2)) + CLUSTER_PADDING;
    const top =
      Math.min(...members.map((node) => node.y - node.height / 2)) -
      CLUSTER_PADDING -
      CLUSTER_LABEL_HEIGHT;
    const bottom = Math.max(...members.map((node) => node.y + node.height / 2)) + CLUSTER_PADDING;
    return [
      {
        id: cluster.id,
        label: cluster.label,
        x: left,
        y: top,
        width: right - left,
        height: bottom - top,
      },
    ];
  });
}

function currentDarkMode(): boolean {
  const theme = document.documentElement.dataset['theme'];
  if (theme === 'dark' || theme === 'light') return theme === 'dark';
  return window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Whether the page is dark: `data-theme` on <html>, else the system preference; follows changes. */
function useDarkMode(): boolean {
  const [dark, setDark] = useState(currentDarkMode);
  useEffect(() => {
    const update = () => setDark(currentDarkMode());
    const observer = new MutationObserver(update);
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme'],
    });
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    media.addEventListener('change', update);
    return () => {
      observer.disconnect();
      media.removeEventListener('change', update);
    };
  }, []);
  return dark;
}

function errorText(error: unknown): string {
  if (error instanceof ApiError) return `HTTP ${error.status}: ${error.detail}`;
  return error instanceof Error ? error.message : String(error);
}

function edgePath(edge: PlacedEdge): string {
  const { x1, y1, x2, y2 } = edge;
  if (edge.from === edge.to) {
    return `M ${x1 + 12} ${y1} C ${x1 + 60} ${y1 + 40}, ${x1 + 60} ${y1 - 40}, ${x1 + 12} ${y1 - 8}`;
  }
  if (Math.abs(y2 - y1) < 1) {
    // Same level: arc over the nodes.
    const lift = 30 + Math.abs(x2 - x1) / 8;
    return `M ${x1} ${y1} C ${x1} ${y1 - lift}, ${x2} ${y2 - lift}, ${x2} ${y2}`;
  }
  const middle = (y1 + y2) / 2;
  return `M ${x1} ${y1} C ${x1} ${middle}, ${x2} ${middle}, ${x2} ${y2}`;
}

function NodeShape({ placed, kind }: { placed: PlacedNode; kind: DotNodeKind }) {
  const left = placed.x - placed.width / 2;
  const top = placed.y - placed.height / 2;
  const shape = (placed.node.attributes['shape'] ?? '').toLowerCase();
  if (kind === 'tool' && shape === 'cylinder') {
    const rx = placed.width / 2;
    const ry = 5;
    return (
      <path
        class="graph-shape"
        d={`M ${left} ${top + ry} A ${rx} ${ry} 0 0 1 ${left + placed.width} ${top + ry} V ${top + placed.height - ry} A ${rx} ${ry} 0 0 1 ${left} ${top + placed.height - ry} Z M ${left} ${top + ry} A ${rx} ${ry} 0 0 0 ${left + placed.width} ${top + ry}`}
      />
    );
  }
  if (shape === 'diamond') {
    // A router: a hexagon (a diamond that fits its label).
    const right = left + placed.width;
    const bottom = top + placed.height;
    const middle = placed.y;
    return (
      <path
        class="graph-shape"
        d={`M ${left + 12} ${top} H ${right - 12} L ${right} ${middle} L ${right - 12} ${bottom} H ${left + 12} L ${left} ${middle} Z`}
      />
    );
  }
  // Agents, START, END and joins are pills (Graphviz draws ellipses; a pill fits the label), the rest rounded boxes.
  const pill = kind === 'agent' || kind === 'start' || kind === 'end' || kind === 'join';
  const radius = pill ? placed.height / 2 : 6;
  return (
    <rect
      class="graph-shape"
      x={left}
      y={top}
      width={placed.width}
      height={placed.height}
      rx={radius}
      ry={radius}
    />
  );
}

function GraphSvg({ graph, appName }: { graph: DotGraph; appName: string }) {
  const layout = useMemo(() => layoutTree(graph), [graph]);
  const clusters = useMemo(() => placeClusters(graph, layout), [graph, layout]);
  // The canvas grows to hold cluster boxes (and their labels) that reach past the layout's margin.
  const view = {
    x: Math.min(0, ...clusters.map((cluster) => cluster.x - 2)),
    y: Math.min(0, ...clusters.map((cluster) => cluster.y - 2)),
    width: 0,
    height: 0,
  };
  view.width = Math.max(layout.width, ...clusters.map((c) => c.x + c.width + 2)) - view.x;
  view.height = Math.max(layout.height, ...clusters.map((c) => c.y + c.height + 2)) - view.y;
  const labels = new Map(
    graph.edges.map((edge) => [`${edge.from}\u0000${edge.to}`, edgeLabel(edge)] as const),
  );
  const highlightedEdges = new Set(
    graph.edges.filter(isHighlightedEdge).map((edge) => `${edge.from}\u0000${edge.to}`),
  );
  const names = new Map(graph.nodes.map((node) => [node.id, displayName(node)]));
  // Fitted, a wide graph shrinks to the panel's width (never grows); at actual size it scrolls.
  const [fit, setFit] = useState(true);
  return (
    <>
      <div class="panel-toolbar">
        <span class="graph-legend" aria-hidden="true">
          {legendKinds(graph).map((kind) => (
            <span key={kind} class="graph-legend-item">
              <span class={`graph-swatch kind-${kind}`} /> {KIND_NAMES[kind].toLowerCase()}
            </span>
          ))}
        </span>
        <button type="button" aria-pressed={fit} onClick={() => setFit(!fit)}>
          Fit to panel
        </button>
      </div>
      <div class="graph-canvas">
        <svg
          class="graph-svg"
          role="group"
          aria-label={`Agent graph of ${appName}`}
          viewBox={`${view.x} ${view.y} ${view.width} ${view.height}`}
          width={fit ? '100%' : view.width}
          height={fit ? undefined : view.height}
          style={fit ? { maxWidth: `${view.width}px`, height: 'auto' } : undefined}
        >
          <defs>
            <marker
              id="graph-arrow"
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerUnits="userSpaceOnUse"
              markerWidth="10"
              markerHeight="10"
              orient="auto-start-reverse"
            >
              <path d="M 0 0 L 10 5 L 0 10 z" class="graph-arrow-head" />
            </marker>
          </defs>
          <g aria-hidden="true">
            {clusters.map((cluster) => (
              <g key={cluster.id} class="graph-cluster" data-cluster-id={cluster.id}>
                <rect
                  x={cluster.x}
                  y={cluster.y}
                  width={cluster.width}
                  height={cluster.height}
                  rx={8}
                  ry={8}
                />
                <text x={cluster.x + 8} y={cluster.y + 12}>
                  {cluster.label}
                </text>
              </g>
            ))}
          </g>
          <g aria-hidden="true">
            {layout.edges.map((edge, index) => {
              const key = `${edge.from}\u0000${edge.to}`;
              const classes = ['graph-edge'];
              if (!edge.tree) classes.push('extra');
              if (highlightedEdges.has(key)) classes.push('highlight');
              return (
                <path
                  key={index}
                  class={classes.join(' ')}
                  d={edgePath(edge)}
                  marker-end="url(#graph-arrow)"
                  data-edge={`${edge.from} -> ${edge.to}`}
                />
              );
            })}
            {layout.edges.map((edge, index) => {
              const label = labels.get(`${edge.from}\u0000${edge.to}`) ?? '';
              if (label === '') return null;
              return (
                <text
                  key={index}
                  class="graph-edge-label"
                  x={(edge.x1 + edge.x2) / 2 + 4}
                  y={(edge.y1 + edge.y2) / 2}
                  dominant-baseline="central"
                  data-edge={`${edge.from} -> ${edge.to}`}
                >
                  {label}
                </text>
              );
            })}
          </g>
          <g role="list" aria-label="Agents and tools">
            {layout.nodes.map((placed) => {
              const kind = nodeKind(placed.node);
              const highlighted = isHighlightedNode(placed.node);
              const name = names.get(placed.node.id) ?? placed.node.id;
              const lines = name.split('\n');
              return (
                <g
                  key={placed.node.id}
                  role="listitem"
                  aria-label={`${KIND_NAMES[kind]} ${name.replace(/\n/g, ' ')}`}
                  class={`graph-node kind-${kind}${highlighted ? ' highlight' : ''}`}
                  data-node-id={placed.node.id}
                  data-highlighted={highlighted ? 'true' : undefined}
                >
                  <title>{`${KIND_NAMES[kind]}: ${placed.node.label}${highlighted ? ' (highlighted)' : ''}`}</title>
                  <NodeShape placed={placed} kind={kind} />
                  <text
                    class="graph-label"
                    x={placed.x}
                    y={placed.y}
                    text-anchor="middle"
                    dominant-baseline="central"
                  >
                    {lines.map((line, index) => (
                      <tspan
                        key={index}
                        x={placed.x}
                        dy={index === 0 ? `${-(lines.length - 1) * 0.6}em` : '1.2em'}
                      >
                        {line}
                      </tspan>
                    ))}
                  </text>
                </g>
              );
            })}
          </g>
        </svg>
      </div>
      <details class="graph-edges">
        <summary>Edges ({graph.edges.length})</summary>
        <ul aria-label="Edges">
          {graph.edges.map((edge, index) => {
            const label = edgeLabel(edge);
            return (
              <li key={index}>
                {names.get(edge.from) ?? edge.from} → {names.get(edge.to) ?? edge.to}
                {label !== '' && ` [${label}]`}
              </li>
            );
          })}
        </ul>
      </details>
    </>
  );
}

/**
 * The app's agent graph as DOT, parsed and laid out top-down here and drawn
 * as SVG: agents as pills, tools as boxes (cylinders for retrieval), a
 * workflow's START, nodes (routers as hexagons) and joins inside a box
 * labelled with the workflow, its routes written on its edges; each node a
 * list item named "<Kind> <name>"; the edges also listed as text. With a
 * session that has events, the graph is the per-event one for the event
 * selected in the Events tab, else the latest event: what the server
 * highlights there (the event's agent and tools, the nodes a workflow run
 * reached by then) is highlighted. Refetched when the theme changes, since
 * the server colours for it, and on each revision.
 */
export function GraphPanel({
  appName,
  userId,
  sessionId,
  session,
  revision,
  selectedEventId,
}: PanelProps) {
  const dark = useDarkMode();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const latestEventId = session?.id === sessionId ? session.events.at(-1)?.id : undefined;
  const eventId = selectedEventId ?? latestEventId;

  useEffect(() => {
    let live = true;
    const load = async (): Promise<string> => {
      const forEvent =
        eventId === undefined
          ? ''
          : await loadEventGraph(appName, userId, sessionId, eventId, dark);
      return forEvent === '' ? loadAgentGraph(appName, dark) : forEvent;
    };
    load().then(
      (source) => {
        if (!live) return;
        try {
          setLoaded({ status: 'ready', graph: parseDot(source) });
        } catch (error) {
          setLoaded({
            status: 'error',
            message: `The graph is not readable DOT: ${errorText(error)}`,
          });
        }
      },
      (error: unknown) => live && setLoaded({ status: 'error', message: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [appName, userId, sessionId, eventId, dark, revision]);

  return (
    <div class="inspect-panel graph-panel">
      <h3>Graph</h3>
      {loaded.status === 'loading' && <p class="panel-empty">Loading the graph…</p>}
      {loaded.status === 'error' && (
        <p role="alert" class="panel-error">
          Could not show the graph: {loaded.message}
        </p>
      )}
      {loaded.status === 'ready' && eventId !== undefined && (
        <p class="graph-caption">
          Highlighted: {selectedEventId ? 'the selected event' : 'the latest event'} and the
          workflow nodes its run reached by then.
        </p>
      )}
      {loaded.status === 'ready' &&
        (loaded.graph.nodes.length === 0 ? (
          <p class="panel-empty">The graph is empty.</p>
        ) : (
          <GraphSvg graph={loaded.graph} appName={appName} />
        ))}
    </div>
  );
}
