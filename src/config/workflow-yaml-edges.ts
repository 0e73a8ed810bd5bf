import { InvalidAgentConfigError } from '../errors/invalid-agent-config-error.js';
import type { BaseNode } from '../workflow/base-node.js';
import { Edge, type EdgeItem } from '../workflow/edge.js';
import type { ChainElement, NodeLike } from '../workflow/node-like.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import { isDottedName } from './config-registry.js';
import type { ChainElementYaml, WorkflowYamlConfig } from './workflow-yaml-config.js';

/** Where the nodes a workflow's edges name come from (the config loader). */
export interface WorkflowNodeSource {
  /** The node a dotted name of code stands for. */
  codeNode(name: string): Promise<BaseNode>;
  /** The node of the agent config file at `relativePath` (relative to the workflow's file). */
  configFileNode(relativePath: string): Promise<BaseNode>;
  /** The node of an agent config written inline in an edge. */
  inlineNode(config: Record<string, unknown>): Promise<BaseNode>;
}

/**
 * Turns the `edges` of a YAML Workflow into the `EdgeItem`s of `new
 * Workflow({ edges })`, resolving each node reference once: the same dotted
 * name or file gives the same node everywhere it appears. A bare name refers
 * to a node that an earlier reference (in reading order) defined; a name no
 * earlier reference defined is an `InvalidAgentConfigError`. Routing-map keys
 * are string routes (YAML keys); an explicit edge's `route` keeps numbers and
 * booleans.
 */
export class WorkflowEdgesBuilder {
  private readonly byReference = new Map<string, BaseNode>();
  private readonly byName = new Map<string, BaseNode>();

  constructor(
    private readonly source: WorkflowNodeSource,
    private readonly configPath: string,
  ) {}

  /** The edge items of `edges`, in order. */
  async build(edges: WorkflowYamlConfig['edges']): Promise<EdgeItem[]> {
    const items: EdgeItem[] = [];
    for (const edge of edges) {
      if (Array.isArray(edge)) {
        const chain: ChainElement[] = [];
        for (const element of edge) chain.push(await this.chainElement(element));
        items.push(chain);
      } else {
        items.push(
          new Edge({
            fromNode: await this.reference(edge.from_node),
            toNode: await this.reference(edge.to_node),
            ...(edge.route === undefined || edge.route === null ? {} : { route: edge.route }),
          }),
        );
      }
    }
    return items;
  }

  private async chainElement(element: ChainElementYaml): Promise<ChainElement> {
    if (typeof element === 'string') return this.reference(element);
    if (Array.isArray(element)) {
      const nodes: NodeLike[] = [];
      for (const reference of element) nodes.push(await this.reference(reference));
      return nodes;
    }
    if (Object.hasOwn(element, 'name')) return this.remember(await this.source.inlineNode(element));
    const routes: Record<string, NodeLike | NodeLike[]> = {};
    for (const [route, target] of Object.entries(element)) {
      if (typeof target === 'string') {
        routes[route] = await this.reference(target);
      } else if (
        Array.isArray(target) &&
        target.length > 0 &&
        target.every((item) => typeof item === 'string')
      ) {
        const nodes: NodeLike[] = [];
        for (const reference of target as string[]) nodes.push(await this.reference(reference));
        routes[route] = nodes;
      } else {
        throw this.invalid(
          `route ${JSON.stringify(route)} must lead to a node reference or a list of them, ` +
            `not ${isPlainObject(target) ? 'a mapping' : JSON.stringify(target)}. ` +
            'Write an inline agent config as its own chain element, then name it here.',
        );
      }
    }
    return routes;
  }

  private async reference(reference: string): Promise<NodeLike> {
    if (reference === 'START') return 'START';
    const known = this.byReference.get(reference);
    if (known !== undefined) return known;
    let node: BaseNode;
    if (reference.endsWith('.yaml') || reference.endsWith('.yml')) {
      node = await this.source.configFileNode(reference);
    } else if (isDottedName(reference)) {
      node = await this.source.codeNode(reference);
    } else {
      const named = this.byName.get(reference);
      if (named !== undefined) return named;
      throw this.invalid(
        `unknown node ${JSON.stringify(reference)}. A bare name refers to a node defined earlier ` +
          'in the edges (by a dotted name of code, a config file or an inline config); ' +
          'code is named by its dotted name, e.g. `my_app.nodes.classify`.',
      );
    }
    this.byReference.set(reference, node);
    return this.remember(node);
  }

  private remember(node: BaseNode): BaseNode {
    if (!this.byName.has(node.name)) this.byName.set(node.name, node);
    return node;
  }

  private invalid(problem: string): InvalidAgentConfigError {
    return new InvalidAgentConfigError({
      message: `Invalid workflow edges in ${this.configPath}: ${problem}`,
    });
  }
}
