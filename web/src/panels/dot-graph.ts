import { DotSyntaxError } from './dot-syntax-error';

export { DotSyntaxError } from './dot-syntax-error';

/**
 * A parser for the subset of Graphviz DOT that agent graphs use: node and
 * edge statements with attribute lists, `graph`/`node`/`edge` default
 * statements, `key=value` graph attributes, subgraphs and clusters, quoted,
 * numeral and HTML ids, ports, and C, C++ and `#` comments. It keeps what a
 * renderer needs (nodes with their attributes, edges) and nothing of the
 * styling semantics beyond node defaults.
 */

/** Attribute name → value, as written in the DOT source (quotes removed). */
export type DotAttributes = Readonly<Record<string, string>>;

/** One node: its id, its display label and all its attributes. */
export interface DotNode {
  id: string;
  /** The `label` attribute with DOT escapes resolved (`\N` → id, `\n` → newline), or the id. */
  label: string;
  attributes: DotAttributes;
}

/** One edge between two node ids. */
export interface DotEdge {
  from: string;
  to: string;
  attributes: DotAttributes;
}

/** A cluster subgraph (`subgraph cluster_… { … }`): its label and the nodes first mentioned in it. */
export interface DotCluster {
  id: string;
  /** The cluster's `label` graph attribute, escapes resolved, or ''. */
  label: string;
  /** Nodes first mentioned inside it (nested clusters' nodes included), in order. */
  nodeIds: string[];
}

/** A parsed graph: nodes in order of first mention, edges in source order, clusters in order of opening. */
export interface DotGraph {
  directed: boolean;
  name: string | null;
  nodes: DotNode[];
  edges: DotEdge[];
  clusters: DotCluster[];
}

type TokenKind = 'id' | 'punct' | 'edgeop' | 'eof';

interface Token {
  kind: TokenKind;
  value: string;
  /** True for a quoted or HTML id: never a keyword. */
  quoted: boolean;
  offset: number;
}

const KEYWORDS = new Set(['strict', 'graph', 'digraph', 'node', 'edge', 'subgraph']);
const PUNCTUATION = new Set(['{', '}', '[', ']', ';', ',', '=', ':']);
const NUMERAL = /^-?(?:\.\d+|\d+(?:\.\d*)?)/;
const WORD = /^[A-Za-z_\u{80}-\u{10FFFF}][A-Za-z_0-9\u{80}-\u{10FFFF}]*/u;

/** Splits a DOT source into tokens, dropping whitespace and comments. */
function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  let lineStart = true;
  while (index < source.length) {
    const char = source[index] ?? '';
    if (char === '\n') {
      lineStart = true;
      index += 1;
      continue;
    }
    if (/\s/.test(char)) {
      index += 1;
      continue;
    }
    // A line starting with '#' is C-preprocessor output, which DOT ignores.
    if (char === '#' && lineStart) {
      index = skipTo(source, index, '\n');
      continue;
    }
    lineStart = false;
    if (source.startsWith('//', index)) {
      index = skipTo(source, index, '\n');
      continue;
    }
    if (source.startsWith('/*', index)) {
      const end = source.indexOf('*/', index + 2);
      if (end < 0) throw new DotSyntaxError('Unterminated comment', index);
      index = end + 2;
      continue;
    }
    if (source.startsWith('->', index) || source.startsWith('--', index)) {
      tokens.push({
        kind: 'edgeop',
        value: source.slice(index, index + 2),
        quoted: false,
        offset: index,
      });
      index += 2;
      continue;
    }
    if (PUNCTUATION.has(char)) {
      tokens.push({ kind: 'punct', value: char, quoted: false, offset: index });
      index += 1;
      continue;
    }
    if (char === '"') {
      const [value, end] = readQuoted(source, index);
      tokens.push({ kind: 'id', value, quoted: true, offset: index });
      index = end;
      continue;
    }
    if (char === '<') {
      const [value, end] = readHtml(source, index);
      tokens.push({ kind: 'id', value, quoted: true, offset: index });
      index = end;
      continue;
    }
    if (char === '+') {
      // `"a" + "b"` concatenates quoted strings.
      const previous = tokens[tokens.length - 1];
      const rest = source.slice(index + 1).trimStart();
      if (previous?.kind === 'id' && previous.quoted && rest.startsWith('"')) {
        const start = source.length - rest.length;
        const [value, end] = readQuoted(source, start);
        previous.value += value;
        index = end;
        continue;
      }
      throw new DotSyntaxError("Unexpected '+'", index);
    }
    const rest = source.slice(index);
    const match = NUMERAL.exec(rest) ?? WORD.exec(rest);
    if (!match) throw new DotSyntaxError(`Unexpected character ${JSON.stringify(char)}`, index);
    tokens.push({ kind: 'id', value: match[0], quoted: false, offset: index });
    index += match[0].length;
  }
  tokens.push({ kind: 'eof', value: '', quoted: false, offset: source.length });
  return tokens;
}

function skipTo(source: string, index: number, terminator: string): number {
  const end = source.indexOf(terminator, index);
  return end < 0 ? source.length : end;
}

/** Reads a double-quoted string: only `\"` and backslash-newline are escapes in DOT. */
function readQuoted(source: string, start: number): [string, number] {
  let value = '';
  let index = start + 1;
  while (index < source.length) {
    const char = source[index];
    if (char === '"') return [value, index + 1];
    if (char === '\\') {
      const next = source[index + 1];
      if (next === '"') {
        value += '"';
        index += 2;
        continue;
      }
      if (next === '\n') {
        index += 2;
        continue;
      }
      if (next === '\r' && source[index + 2] === '\n') {
        index += 3;
        continue;
      }
      // Other escapes (\n, \l, \N, \\) belong to the label syntax: keep them.
      value += char + (next ?? '');
      index += 2;
      continue;
    }
    value += char;
    index += 1;
  }
  throw new DotSyntaxError('Unterminated string', start);
}

/** Reads an HTML id `<...>` with balanced angle brackets; the value keeps the inner markup. */
function readHtml(source: string, start: number): [string, number] {
  let depth = 0;
  for (let index = start; index < source.length; index += 1) {
    const char = source[index];
    if (char === '<') depth += 1;
    else if (char === '>') {
      depth -= 1;
      if (depth === 0) return [source.slice(start + 1, index), index + 1];
    }
  }
  throw new DotSyntaxError('Unterminated HTML string', start);
}

/** Resolves the escapes of a DOT label: `\N` the node id, `\G` the graph name, `\n \l \r` line breaks. */
export function resolveLabel(label: string, nodeId: string, graphName: string | null): string {
  return label.replace(/\\(.)/gs, (_match, code: string) => {
    switch (code) {
      case 'N':
        return nodeId;
      case 'G':
        return graphName ?? '';
      case 'n':
      case 'l':
      case 'r':
        return '\n';
      default:
        return code;
    }
  });
}

interface Scope {
  nodeDefaults: Map<string, string>;
  /** The (sub)graph's own attributes (`graph [...]`, `key=value`). */
  graphAttributes: Map<string, string>;
}

class Parser {
  private position = 0;
  private readonly nodes = new Map<string, Map<string, string>>();
  private readonly edges: { from: string; to: string; attributes: Map<string, string> }[] = [];
  private readonly clusters: { id: string; attributes: Map<string, string>; nodeIds: string[] }[] =
    [];
  /** The clusters being parsed, outermost first: a node created now belongs to each. */
  private readonly openClusters: { nodeIds: string[] }[] = [];

  constructor(private readonly tokens: Token[]) {}

  parse(): DotGraph {
    if (this.peekKeyword('strict')) this.position += 1;
    const kind = this.next();
    if (
      kind.kind !== 'id' ||
      kind.quoted ||
      !['graph', 'digraph'].includes(kind.value.toLowerCase())
    ) {
      throw new DotSyntaxError("Expected 'graph' or 'digraph'", kind.offset);
    }
    let name: string | null = null;
    if (this.peek().kind === 'id') name = this.next().value;
    this.expect('{');
    this.statements({ nodeDefaults: new Map(), graphAttributes: new Map() });
    this.expect('}');
    const trailing = this.peek();
    if (trailing.kind !== 'eof')
      throw new DotSyntaxError('Unexpected content after the graph', trailing.offset);
    return {
      directed: kind.value.toLowerCase() === 'digraph',
      name,
      nodes: [...this.nodes].map(([id, attributes]) => ({
        id,
        label: resolveLabel(attributes.get('label') ?? '\\N', id, name),
        attributes: toRecord(attributes),
      })),
      edges: this.edges.map(({ from, to, attributes }) => ({
        from,
        to,
        attributes: toRecord(attributes),
      })),
      clusters: this.clusters.map(({ id, attributes, nodeIds }) => ({
        id,
        label: resolveLabel(attributes.get('label') ?? '', id, name),
        nodeIds,
      })),
    };
  }

  /** Parses statements up to (not including) the closing brace; returns the node ids mentioned. */
  private statements(scope: Scope): string[] {
    const mentioned: string[] = [];
    while (!this.peekPunct('}')) {
      if (this.peek().kind === 'eof') throw new DotSyntaxError("Expected '}'", this.peek().offset);
      mentioned.push(...this.statement(scope));
      if (this.peekPunct(';')) this.position += 1;
    }
    return mentioned;
  }

  private statement(scope: Scope): string[] {
    const token = this.peek();
    if (token.kind === 'id' && !token.quoted) {
      const keyword = token.value.toLowerCase();
      if (keyword === 'graph') {
        this.position += 1;
        for (const [key, value] of this.attributeLists()) scope.graphAttributes.set(key, value);
        return [];
      }
      if (keyword === 'edge') {
        this.position += 1;
        this.attributeLists();
        return [];
      }
      if (keyword === 'node') {
        this.position += 1;
        for (const [key, value] of this.attributeLists()) scope.nodeDefaults.set(key, value);
        return [];
      }
    }
    if (
      token.kind === 'id' &&
      this.tokens[this.position + 1]?.value === '=' &&
      this.tokens[this.position + 1]?.kind === 'punct'
    ) {
      // `key = value` sets a graph attribute: no node.
      this.position += 2;
      scope.graphAttributes.set(token.value, this.expectId());
      return [];
    }
    let left = this.endpoint(scope);
    const mentioned = [...left];
    if (this.peek().kind !== 'edgeop') {
      if (left.length === 1 && !this.lastWasSubgraph) {
        const id = left[0] ?? '';
        const attributes = this.peekPunct('[') ? this.attributeLists() : new Map<string, string>();
        const node = this.touchNode(id, scope);
        for (const [key, value] of attributes) node.set(key, value);
      }
      return mentioned;
    }
    const pairs: [string, string][] = [];
    while (this.peek().kind === 'edgeop') {
      this.position += 1;
      const right = this.endpoint(scope);
      mentioned.push(...right);
      for (const from of left) for (const to of right) pairs.push([from, to]);
      left = right;
    }
    const attributes = this.peekPunct('[') ? this.attributeLists() : new Map<string, string>();
    for (const [from, to] of pairs) this.edges.push({ from, to, attributes: new Map(attributes) });
    return mentioned;
  }

  private lastWasSubgraph = false;

  /** A node id (with optional port) or a subgraph; returns the node ids it stands for. */
  private endpoint(scope: Scope): string[] {
    const token = this.peek();
    const isSubgraphKeyword =
      token.kind === 'id' && !token.quoted && token.value.toLowerCase() === 'subgraph';
    if (isSubgraphKeyword || this.peekPunct('{')) {
      let subgraphName = '';
      if (isSubgraphKeyword) {
        this.position += 1;
        if (this.peek().kind === 'id') subgraphName = this.next().value;
      }
      this.expect('{');
      const inner: Scope = {
        nodeDefaults: new Map(scope.nodeDefaults),
        graphAttributes: new Map(),
      };
      // Graphviz draws a subgraph whose name starts with "cluster" as a box around its nodes.
      const cluster = subgraphName.startsWith('cluster')
        ? { id: subgraphName, attributes: inner.graphAttributes, nodeIds: [] as string[] }
        : undefined;
      if (cluster) {
        this.clusters.push(cluster);
        this.openClusters.push(cluster);
      }
      const mentioned = this.statements(inner);
      if (cluster) this.openClusters.pop();
      this.expect('}');
      this.lastWasSubgraph = true;
      return [...new Set(mentioned)];
    }
    const id = this.expectId();
    // A port (`node:port` or `node:port:compass`) addresses part of the node: the node is what matters.
    while (this.peekPunct(':')) {
      this.position += 1;
      this.expectId();
    }
    this.touchNode(id, scope);
    this.lastWasSubgraph = false;
    return [id];
  }

  private touchNode(id: string, scope: Scope): Map<string, string> {
    let node = this.nodes.get(id);
    if (!node) {
      node = new Map(scope.nodeDefaults);
      this.nodes.set(id, node);
      for (const cluster of this.openClusters) cluster.nodeIds.push(id);
    }
    return node;
  }

  /** One or more `[a=b, c=d; e]` lists, merged in order. */
  private attributeLists(): Map<string, string> {
    const attributes = new Map<string, string>();
    while (this.peekPunct('[')) {
      this.position += 1;
      while (!this.peekPunct(']')) {
        const key = this.expectId();
        let value = 'true';
        if (this.peekPunct('=')) {
          this.position += 1;
          value = this.expectId();
        }
        attributes.set(key, value);
        if (this.peekPunct(',') || this.peekPunct(';')) this.position += 1;
      }
      this.position += 1;
    }
    return attributes;
  }

  private peek(): Token {
    return this.tokens[this.position] ?? { kind: 'eof', value: '', quoted: false, offset: 0 };
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'eof') this.position += 1;
    return token;
  }

  private peekPunct(value: string): boolean {
    const token = this.peek();
    return token.kind === 'punct' && token.value === value;
  }

  private peekKeyword(value: string): boolean {
    const token = this.peek();
    return token.kind === 'id' && !token.quoted && token.value.toLowerCase() === value;
  }

  private expect(value: string): void {
    const token = this.next();
    if (token.kind !== 'punct' || token.value !== value) {
      throw new DotSyntaxError(`Expected '${value}'`, token.offset);
    }
  }

  private expectId(): string {
    const token = this.next();
    if (token.kind !== 'id' || (!token.quoted && KEYWORDS.has(token.value.toLowerCase()))) {
      throw new DotSyntaxError('Expected an id', token.offset);
    }
    return token.value;
  }
}

function toRecord(attributes: Map<string, string>): DotAttributes {
  // fromEntries defines own properties, so a key such as "__proto__" stays plain data.
  return Object.fromEntries(attributes);
}

/**
 * Parses a DOT source (`[strict] graph|digraph [name] { ... }`). Node
 * defaults (`node [...]`) apply to nodes first mentioned after them in the
 * same or an inner scope; graph and edge defaults and `key=value` graph
 * attributes are read and ignored. An edge to or from a subgraph connects
 * every node mentioned in it. Throws DotSyntaxError on malformed input.
 */
export function parseDot(source: string): DotGraph {
  return new Parser(tokenize(source)).parse();
}

/** What a node stands for in an agent graph (a workflow's nodes included). */
export type DotNodeKind =
  'agent' | 'tool' | 'start' | 'end' | 'join' | 'workflow' | 'node' | 'other';

// The kind a workflow node's `tooltip` names, as adk-python's plot_workflow_graph writes it.
const TOOLTIP_KINDS: Readonly<Record<string, DotNodeKind>> = {
  Start: 'start',
  Agent: 'agent',
  Tool: 'tool',
  Join: 'join',
  Workflow: 'workflow',
  Function: 'node',
  Node: 'node',
};

function attribute(node: DotNode | DotEdge, name: string): string {
  return Object.hasOwn(node.attributes, name) ? (node.attributes[name] ?? '') : '';
}

/**
 * Classifies an agent-graph node: a workflow's START (`__START__`, or an id
 * ending `/__START__`) and END (`__END__`); then the kind its `tooltip`
 * names (`Agent`, `Tool`, `Join`, `Workflow`, `Function`, `Node`, as
 * workflow nodes carry it); then the caption's emoji (🤖 agent, 🔧/🔎 tool,
 * as ADK writes them); then the shape (ellipse-like → agent, box-like or
 * cylinder → tool).
 */
export function nodeKind(node: DotNode): DotNodeKind {
  if (node.id === '__START__' || node.id.endsWith('/__START__')) return 'start';
  if (node.id === '__END__') return 'end';
  const fromTooltip = Object.hasOwn(TOOLTIP_KINDS, attribute(node, 'tooltip'))
    ? TOOLTIP_KINDS[attribute(node, 'tooltip')]
    : undefined;
  if (fromTooltip) return fromTooltip;
  const label = node.label.trimStart();
  if (label.startsWith('🤖')) return 'agent';
  if (label.startsWith('🔧') || label.startsWith('🔎')) return 'tool';
  const shape = attribute(node, 'shape').toLowerCase();
  if (['ellipse', 'oval', 'circle', 'doublecircle', 'egg'].includes(shape)) return 'agent';
  if (
    [
      'box',
      'rect',
      'rectangle',
      'square',
      'cylinder',
      'component',
      'note',
      'tab',
      'folder',
    ].includes(shape)
  )
    return 'tool';
  return 'other';
}

/** The label without the leading emoji ADK puts in captions. */
export function displayName(node: DotNode): string {
  return node.label.replace(/^\s*(?:🤖|🔧|🔎|❓|🔀|✨|🔄)\s*/u, '');
}

// ADK's highlight colours (agent_graph.py): a highlighted node's border, a highlighted edge.
const HIGHLIGHT_BORDER = '#133874';
const HIGHLIGHT_EDGE = '#4285f4';

/** Whether the server highlighted the node (an event's agent or tool, a node a workflow run reached). */
export function isHighlightedNode(node: DotNode): boolean {
  return attribute(node, 'color').toLowerCase() === HIGHLIGHT_BORDER;
}

/** Whether the server highlighted the edge (an event's call, a step of a workflow run). */
export function isHighlightedEdge(edge: DotEdge): boolean {
  return attribute(edge, 'color').toLowerCase() === HIGHLIGHT_EDGE;
}

/** An edge's label (a workflow edge's route), escapes resolved and trimmed; '' when it has none. */
export function edgeLabel(edge: DotEdge): string {
  return resolveLabel(attribute(edge, 'label'), '', null).trim();
}
