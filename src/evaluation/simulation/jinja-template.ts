import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { pythonStr } from '../../utils/python-repr.js';

/**
 * A filter a template may apply with `{{ value | name }}`. It receives the
 * value and the variables of the render it runs in (Jinja's `pass_context`).
 */
export type JinjaFilter = (value: unknown, variables: Readonly<Record<string, unknown>>) => string;

/** A parsed template, rendered with `renderJinjaTemplate`. */
export interface JinjaTemplate {
  readonly nodes: readonly TemplateNode[];
}

type Expression =
  | { kind: 'name'; name: string }
  | { kind: 'literal'; value: string | number }
  | { kind: 'attribute'; target: Expression; name: string }
  | { kind: 'item'; target: Expression; key: Expression }
  | { kind: 'call'; target: Expression }
  | { kind: 'filter'; target: Expression; name: string }
  | { kind: 'not'; target: Expression };

type TemplateNode =
  | { kind: 'text'; text: string }
  | { kind: 'output'; expression: Expression }
  | { kind: 'for'; variable: string; iterable: Expression; body: TemplateNode[] }
  | { kind: 'if'; branches: { test: Expression | undefined; body: TemplateNode[] }[] };

interface Token {
  kind: 'text' | 'output' | 'statement';
  value: string;
}

/**
 * Parses the subset of Jinja2 the user-simulator prompts use: text,
 * `{{ expression }}` (names, `.attribute`, `[key]`, calls without arguments,
 * `| filter`, `not`), `{% for x in y %}…{% endfor %}`,
 * `{% if %}…{% elif %}…{% else %}…{% endif %}`, `{# comments #}` and the
 * `-` whitespace controls, with Jinja's defaults (blocks keep their
 * newlines; one trailing newline of the template is dropped). Throws
 * `InvalidArgumentError` for anything else, as Jinja throws
 * `TemplateSyntaxError`.
 */
export function parseJinjaTemplate(source: string): JinjaTemplate {
  const tokens = tokenize(source.endsWith('\n') ? source.slice(0, -1) : source);
  const parser = new NodeParser(tokens);
  const nodes = parser.parseUntil([]);
  return { nodes };
}

/**
 * Renders `template` with `variables` as Jinja2 does with its default
 * (lenient) undefined: a missing name or attribute renders as empty text.
 * Values print as Python's `str` would. A filter the template names that is
 * not in `filters` throws `InvalidArgumentError`.
 */
export function renderJinjaTemplate(
  template: JinjaTemplate,
  variables: Readonly<Record<string, unknown>>,
  filters: Readonly<Record<string, JinjaFilter>> = {},
): string {
  return renderNodes(template.nodes, { variables, scope: variables, filters });
}

/**
 * The top-level names a template reads (Jinja's `find_undeclared_variables`):
 * loop variables inside their loop do not count.
 */
export function undeclaredJinjaVariables(template: JinjaTemplate): Set<string> {
  const names = new Set<string>();
  collectNodes(template.nodes, new Set(), names);
  return names;
}

function syntaxError(message: string): InvalidArgumentError {
  return new InvalidArgumentError({
    message: `Template syntax error: ${message}`,
    argument: 'template',
  });
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const opener = /\{\{|\{%|\{#/g;
  let position = 0;
  let stripNextLeading = false;
  for (;;) {
    opener.lastIndex = position;
    const match = opener.exec(source);
    let text = source.slice(position, match ? match.index : source.length);
    if (stripNextLeading) text = text.replace(/^\s+/, '');
    stripNextLeading = false;
    if (!match) {
      if (text) tokens.push({ kind: 'text', value: text });
      return tokens;
    }
    const start = match.index + 2;
    const stripsBefore = source[start] === '-';
    if (stripsBefore) text = text.replace(/\s+$/, '');
    if (text) tokens.push({ kind: 'text', value: text });
    const closer = match[0] === '{{' ? '}}' : match[0] === '{%' ? '%}' : '#}';
    const end = source.indexOf(closer, start);
    if (end < 0) throw syntaxError(`unclosed ${match[0]}`);
    let inner = source.slice(stripsBefore ? start + 1 : start, end);
    if (inner.endsWith('-')) {
      inner = inner.slice(0, -1);
      stripNextLeading = true;
    }
    position = end + 2;
    if (match[0] === '{#') continue;
    tokens.push({ kind: match[0] === '{{' ? 'output' : 'statement', value: inner.trim() });
  }
}

class NodeParser {
  private index = 0;
  constructor(private readonly tokens: readonly Token[]) {}

  /** Parses nodes until a statement whose keyword is in `stops` (left unconsumed). */
  parseUntil(stops: readonly string[]): TemplateNode[] {
    const nodes: TemplateNode[] = [];
    for (;;) {
      const token = this.tokens[this.index];
      if (!token) {
        if (stops.length) throw syntaxError(`missing {% ${stops.at(-1)} %}`);
        return nodes;
      }
      if (token.kind === 'text') {
        nodes.push({ kind: 'text', text: token.value });
        this.index++;
      } else if (token.kind === 'output') {
        nodes.push({ kind: 'output', expression: parseExpression(token.value) });
        this.index++;
      } else {
        const keyword = token.value.split(/\s+/, 1)[0] ?? '';
        if (stops.includes(keyword)) return nodes;
        this.index++;
        nodes.push(this.parseStatement(keyword, token.value.slice(keyword.length).trim()));
      }
    }
  }

  private parseStatement(keyword: string, rest: string): TemplateNode {
    if (keyword === 'for') {
      const header = /^([A-Za-z_]\w*)\s+in\s+(.+)$/s.exec(rest);
      if (!header) throw syntaxError(`bad for statement "for ${rest}"`);
      const body = this.parseUntil(['endfor']);
      this.index++;
      return {
        kind: 'for',
        variable: header[1]!,
        iterable: parseExpression(header[2]!),
        body,
      };
    }
    if (keyword === 'if') {
      const branches: { test: Expression | undefined; body: TemplateNode[] }[] = [];
      let test: Expression | undefined = parseExpression(rest);
      for (;;) {
        const body = this.parseUntil(['elif', 'else', 'endif']);
        branches.push({ test, body });
        const stop = this.tokens[this.index]!;
        this.index++;
        const stopKeyword = stop.value.split(/\s+/, 1)[0];
        if (stopKeyword === 'endif') return { kind: 'if', branches };
        if (test === undefined) throw syntaxError('{% else %} must be the last branch');
        test =
          stopKeyword === 'elif' ? parseExpression(stop.value.slice('elif'.length)) : undefined;
      }
    }
    throw syntaxError(`unknown tag "${keyword}"`);
  }
}

function parseExpression(source: string): Expression {
  const parser = new ExpressionParser(source);
  const expression = parser.parseFiltered();
  parser.expectEnd();
  return expression;
}

class ExpressionParser {
  private position = 0;
  constructor(private readonly source: string) {}

  parseFiltered(): Expression {
    let expression = this.parseUnary();
    while (this.accept('|')) {
      expression = { kind: 'filter', target: expression, name: this.identifier() };
    }
    return expression;
  }

  expectEnd(): void {
    this.skipSpaces();
    if (this.position < this.source.length) {
      throw syntaxError(`unexpected "${this.source.slice(this.position)}"`);
    }
  }

  private parseUnary(): Expression {
    this.skipSpaces();
    if (/^not\b/.test(this.source.slice(this.position))) {
      this.position += 3;
      return { kind: 'not', target: this.parseUnary() };
    }
    return this.parsePostfix(this.parsePrimary());
  }

  private parsePrimary(): Expression {
    this.skipSpaces();
    const rest = this.source.slice(this.position);
    const string = /^(?:'([^'\\]*)'|"([^"\\]*)")/.exec(rest);
    if (string) {
      this.position += string[0].length;
      return { kind: 'literal', value: string[1] ?? string[2] ?? '' };
    }
    const number = /^\d+/.exec(rest);
    if (number) {
      this.position += number[0].length;
      return { kind: 'literal', value: Number(number[0]) };
    }
    return { kind: 'name', name: this.identifier() };
  }

  private parsePostfix(expression: Expression): Expression {
    for (;;) {
      if (this.accept('.')) {
        expression = { kind: 'attribute', target: expression, name: this.identifier() };
      } else if (this.accept('[')) {
        const key = this.parseFiltered();
        if (!this.accept(']')) throw syntaxError('expected "]"');
        expression = { kind: 'item', target: expression, key };
      } else if (this.accept('(')) {
        if (!this.accept(')')) throw syntaxError('calls with arguments are not supported');
        expression = { kind: 'call', target: expression };
      } else {
        return expression;
      }
    }
  }

  private identifier(): string {
    this.skipSpaces();
    const match = /^[A-Za-z_]\w*/.exec(this.source.slice(this.position));
    if (!match) throw syntaxError(`expected a name in "${this.source}"`);
    this.position += match[0].length;
    return match[0];
  }

  private accept(symbol: string): boolean {
    this.skipSpaces();
    if (!this.source.startsWith(symbol, this.position)) return false;
    this.position += symbol.length;
    return true;
  }

  private skipSpaces(): void {
    while (/\s/.test(this.source[this.position] ?? '')) this.position++;
  }
}

interface RenderState {
  /** The render's variables, what a filter's context sees. */
  readonly variables: Readonly<Record<string, unknown>>;
  /** The variables plus the loop variables in scope. */
  readonly scope: Readonly<Record<string, unknown>>;
  readonly filters: Readonly<Record<string, JinjaFilter>>;
}

function renderNodes(nodes: readonly TemplateNode[], state: RenderState): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'output') out += toText(evaluate(node.expression, state));
    else if (node.kind === 'for') {
      const iterable = evaluate(node.iterable, state);
      const items = Array.isArray(iterable) ? iterable : [];
      for (const item of items) {
        out += renderNodes(node.body, {
          ...state,
          scope: { ...state.scope, [node.variable]: item },
        });
      }
    } else {
      const branch = node.branches.find(
        (candidate) => candidate.test === undefined || truthy(evaluate(candidate.test, state)),
      );
      if (branch) out += renderNodes(branch.body, state);
    }
  }
  return out;
}

function evaluate(expression: Expression, state: RenderState): unknown {
  switch (expression.kind) {
    case 'literal':
      return expression.value;
    case 'name':
      return ownValue(state.scope, expression.name);
    case 'attribute':
      return ownValue(evaluate(expression.target, state), expression.name);
    case 'item': {
      const target = evaluate(expression.target, state);
      const key = evaluate(expression.key, state);
      return typeof key === 'number' || typeof key === 'string'
        ? ownValue(target, String(key))
        : undefined;
    }
    case 'call': {
      const callee = evaluate(expression.target, state);
      return typeof callee === 'function' ? (callee as () => unknown)() : undefined;
    }
    case 'not':
      return !truthy(evaluate(expression.target, state));
    case 'filter': {
      const filter = Object.hasOwn(state.filters, expression.name)
        ? state.filters[expression.name]
        : undefined;
      if (!filter) throw syntaxError(`no filter named "${expression.name}"`);
      return filter(evaluate(expression.target, state), state.variables);
    }
  }
}

// Templates may come from users: only own properties are looked up, never prototypes.
function ownValue(target: unknown, name: string): unknown {
  if (target === null || target === undefined) return undefined;
  if (typeof target !== 'object' && typeof target !== 'function') return undefined;
  return Object.hasOwn(target, name) ? (target as Record<string, unknown>)[name] : undefined;
}

function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value !== null && typeof value === 'object') return Object.keys(value).length > 0;
  return Boolean(value);
}

function toText(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : pythonStr(value);
}

function collectNodes(
  nodes: readonly TemplateNode[],
  locals: ReadonlySet<string>,
  names: Set<string>,
): void {
  for (const node of nodes) {
    if (node.kind === 'output') collectExpression(node.expression, locals, names);
    else if (node.kind === 'for') {
      collectExpression(node.iterable, locals, names);
      collectNodes(node.body, new Set([...locals, node.variable]), names);
    } else if (node.kind === 'if') {
      for (const branch of node.branches) {
        if (branch.test) collectExpression(branch.test, locals, names);
        collectNodes(branch.body, locals, names);
      }
    }
  }
}

function collectExpression(
  expression: Expression,
  locals: ReadonlySet<string>,
  names: Set<string>,
): void {
  switch (expression.kind) {
    case 'name':
      if (!locals.has(expression.name)) names.add(expression.name);
      return;
    case 'literal':
      return;
    case 'item':
      collectExpression(expression.target, locals, names);
      collectExpression(expression.key, locals, names);
      return;
    default:
      collectExpression(expression.target, locals, names);
  }
}
