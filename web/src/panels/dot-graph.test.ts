import { describe, expect, it } from 'vitest';
import {
  DotSyntaxError,
  displayName,
  edgeLabel,
  isHighlightedEdge,
  isHighlightedNode,
  nodeKind,
  parseDot,
  resolveLabel,
} from './dot-graph';

/** The shape our server's graph route writes: quoted ids, one attribute list per node, plain edges. */
const SERVER_STYLE = `digraph "dev_ui_agent" {
  rankdir="TB";
  "dev_ui_agent" [label="🤖 dev_ui_agent" shape=ellipse];
  "get_weather" [label="🔧 get_weather" shape=box];
  "save_report" [label="🔧 save_report" shape=box];
  "helper_agent" [label="🤖 helper_agent" shape=ellipse];
  "dev_ui_agent" -> "helper_agent";
  "dev_ui_agent" -> "get_weather";
  "dev_ui_agent" -> "save_report";
}`;

/** What Python's graphviz package prints for adk-python's get_agent_graph (space-separated attributes, tabs, clusters). */
const PYTHON_STYLE = `digraph {
\tgraph [bgcolor="#333537" concentrate=true overlap=false rankdir=LR splines=spline]
\tnode [color="#5F6368" fillcolor="#424242" fontcolor="#E8EAED" fontname=Arial fontsize=12 shape=box style="filled,rounded"]
\tedge [arrowsize=0.7 color="#757575"]
\troot_agent [label="🤖 root_agent" shape=ellipse]
\troot_agent -> get_weather [arrowhead=normal]
\tget_weather [label="🔧 get_weather" shape=box]
\tsubgraph cluster_pipeline {
\t\tstep_one [label="🤖 step_one" shape=ellipse]
\t\tstep_two [label="🤖 step_two" shape=ellipse]
\t\tstep_one -> step_two [arrowhead=normal]
\t\tcolor="#ffffff" fontcolor="#cccccc" label=pipeline style=rounded
\t}
\troot_agent -> step_one [color="#4285F4" dir=back penwidth=2.0]
\tplain_node
}
`;

describe('parseDot', () => {
  it('reads the DOT our graph route writes', () => {
    const graph = parseDot(SERVER_STYLE);
    expect(graph.directed).toBe(true);
    expect(graph.name).toBe('dev_ui_agent');
    expect(graph.nodes.map((node) => [node.id, node.label, node.attributes['shape']])).toEqual([
      ['dev_ui_agent', '🤖 dev_ui_agent', 'ellipse'],
      ['get_weather', '🔧 get_weather', 'box'],
      ['save_report', '🔧 save_report', 'box'],
      ['helper_agent', '🤖 helper_agent', 'ellipse'],
    ]);
    expect(graph.edges.map((edge) => `${edge.from}->${edge.to}`)).toEqual([
      'dev_ui_agent->helper_agent',
      'dev_ui_agent->get_weather',
      'dev_ui_agent->save_report',
    ]);
  });

  it('reads Python graphviz output: defaults, unquoted ids, space-separated attributes, clusters', () => {
    const graph = parseDot(PYTHON_STYLE);
    expect(graph.name).toBeNull();
    const byId = Object.fromEntries(graph.nodes.map((node) => [node.id, node]));
    expect(Object.keys(byId)).toEqual([
      'root_agent',
      'get_weather',
      'step_one',
      'step_two',
      'plain_node',
    ]);
    expect(byId['root_agent']?.attributes).toMatchObject({ shape: 'ellipse', fontname: 'Arial' });
    // The node default shape applies where the node sets none; the label defaults to the id.
    expect(byId['plain_node']?.attributes['shape']).toBe('box');
    expect(byId['plain_node']?.label).toBe('plain_node');
    // The cluster's own `label=pipeline` is a graph attribute, not a node.
    expect(byId['pipeline']).toBeUndefined();
    expect(graph.edges.map((edge) => [edge.from, edge.to, edge.attributes['dir'] ?? ''])).toEqual([
      ['root_agent', 'get_weather', ''],
      ['step_one', 'step_two', ''],
      ['root_agent', 'step_one', 'back'],
    ]);
    expect(graph.edges[2]?.attributes).toEqual({ color: '#4285F4', dir: 'back', penwidth: '2.0' });
  });

  it('skips comments, handles escapes, ports, commas and semicolons, chains and subgraph endpoints', () => {
    const graph = parseDot(`
# preprocessor line
strict digraph G { // a comment
  /* a block
     comment */
  a [label="say \\"hi\\"\\nthen \\N", shape = "box"; color=red,];
  a:out:s -> b -> c [weight=2]
  b -> { d e }
  "multi\\
line" [label=<<b>bold</b>>]
  "x" + "y" [label="joined"]
}`);
    expect(graph.nodes.map((node) => node.id)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'multiline',
      'xy',
    ]);
    expect(graph.nodes[0]?.label).toBe('say "hi"\nthen a');
    expect(graph.nodes[0]?.attributes).toEqual({
      label: 'say "hi"\\nthen \\N',
      shape: 'box',
      color: 'red',
    });
    expect(graph.nodes[5]?.label).toBe('<b>bold</b>');
    expect(graph.nodes[6]?.label).toBe('joined');
    expect(
      graph.edges.map((edge) => `${edge.from}->${edge.to}:${edge.attributes['weight'] ?? ''}`),
    ).toEqual(['a->b:2', 'b->c:2', 'b->d:', 'b->e:']);
  });

  it('keeps hostile attribute names as plain data', () => {
    const graph = parseDot('digraph { a [__proto__="x" constructor=y] }');
    const attributes = graph.nodes[0]?.attributes ?? {};
    expect(Object.hasOwn(attributes, '__proto__')).toBe(true);
    expect(attributes['constructor']).toBe('y');
    expect(Object.getPrototypeOf(attributes)).toBe(Object.prototype);
  });

  it('reads undirected graphs and numeral ids', () => {
    const graph = parseDot('graph { 1 -- 2.5 -- -3 }');
    expect(graph.directed).toBe(false);
    expect(graph.edges.map((edge) => [edge.from, edge.to])).toEqual([
      ['1', '2.5'],
      ['2.5', '-3'],
    ]);
  });

  it.each([
    ['not a graph', 'node { }'],
    ['unterminated string', 'digraph { "a }'],
    ['unterminated comment', 'digraph { /* a }'],
    ['missing brace', 'digraph { a -> b'],
    ['keyword as id', 'digraph { a -> node }'],
    ['trailing content', 'digraph { a } b'],
    ['stray character', 'digraph { a @ b }'],
  ])('rejects %s with a DotSyntaxError', (_name, source) => {
    expect(() => parseDot(source)).toThrow(DotSyntaxError);
  });
});

describe('labels and kinds', () => {
  it('resolves \\N, \\G, line breaks and other escapes', () => {
    expect(resolveLabel('\\N in \\G\\lnext\\\\', 'node1', 'graph1')).toBe(
      'node1 in graph1\nnext\\',
    );
  });

  it('classifies by caption emoji first, then by shape', () => {
    const [agent, tool, plain, byShape, retrieval] = parseDot(`digraph {
      a [label="🤖 a" shape=box]
      t [label="🔧 t" shape=ellipse]
      p
      e [shape=oval]
      r [label="🔎 search" shape=cylinder]
    }`).nodes;
    expect(
      [agent, tool, plain, byShape, retrieval].map((node) => (node ? nodeKind(node) : null)),
    ).toEqual(['agent', 'tool', 'other', 'agent', 'tool']);
    expect(agent ? displayName(agent) : null).toBe('a');
    expect(retrieval ? displayName(retrieval) : null).toBe('search');
  });
});

/** What the agent graph route writes for a workflow (issue 17 §7): a cluster, routes on edges, a run highlighted. */
const WORKFLOW_STYLE = `digraph {
\tsubgraph "cluster_triage" {
\t\tgraph [label="triage (Workflow)" style="rounded"]
\t\t"triage/__START__" [label="START" shape="oval" tooltip="Start" color="#133874"]
\t\t"triage/classify" [label="classify" shape="diamond" tooltip="Function" color="#133874"]
\t\t"triage/answer" [label="answer" shape="box" tooltip="Function"]
\t\tsubgraph "cluster_triage/notify" {
\t\t\tgraph [label="notify (Workflow)"]
\t\t\t"triage/notify/__START__" [label="START" shape="oval" tooltip="Start"]
\t\t}
\t\t"triage/done" [label="🔀 done" shape="oval" tooltip="Join"]
\t\t"triage/__START__" -> "triage/classify" [color="#4285F4" penwidth="2.0"]
\t\t"triage/classify" -> "triage/answer" [label="__DEFAULT__" arrowhead="normal"]
\t}
\t"desk" -> "triage/__START__" [arrowhead="normal"]
}`;

describe('workflow graphs (issue 17 §7: clusters, routes as edge labels, the highlighted run)', () => {
  it('reads clusters with their labels and the nodes first mentioned in them', () => {
    const graph = parseDot(WORKFLOW_STYLE);
    expect(graph.clusters).toEqual([
      {
        id: 'cluster_triage',
        label: 'triage (Workflow)',
        nodeIds: [
          'triage/__START__',
          'triage/classify',
          'triage/answer',
          'triage/notify/__START__',
          'triage/done',
        ],
      },
      {
        id: 'cluster_triage/notify',
        label: 'notify (Workflow)',
        nodeIds: ['triage/notify/__START__'],
      },
    ]);
    // "desk" is first mentioned outside the cluster.
    expect(graph.nodes.map((node) => node.id)).toContain('desk');
    expect(parseDot(PYTHON_STYLE).clusters).toEqual([
      { id: 'cluster_pipeline', label: 'pipeline', nodeIds: ['step_one', 'step_two'] },
    ]);
  });

  it('classifies START, joins and function nodes by id and tooltip; reads route labels and highlights', () => {
    const graph = parseDot(WORKFLOW_STYLE);
    const byId = new Map(graph.nodes.map((node) => [node.id, node]));
    expect(nodeKind(byId.get('triage/__START__')!)).toBe('start');
    expect(nodeKind(byId.get('triage/classify')!)).toBe('node');
    expect(nodeKind(byId.get('triage/done')!)).toBe('join');
    expect(displayName(byId.get('triage/done')!)).toBe('done');
    expect(graph.nodes.filter(isHighlightedNode).map((node) => node.id)).toEqual([
      'triage/__START__',
      'triage/classify',
    ]);
    expect(graph.edges.filter(isHighlightedEdge).map((edge) => edge.to)).toEqual([
      'triage/classify',
    ]);
    expect(graph.edges.map(edgeLabel)).toEqual(['', '__DEFAULT__', '']);
  });
});
