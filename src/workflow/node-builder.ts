import { WorkflowConfigurationError } from '../errors/workflow-configuration-error.js';
import { BaseNode } from './base-node.js';
import {
  FunctionNode,
  type FunctionNodeConfig,
  type FunctionNodeHandler,
} from './function-node.js';
import type { NodeLike, RunnableNode } from './node-like.js';
import { START } from './start.js';

/** Overrides `node()` applies to the node it builds (adk-js `NodeOptions`). */
export type NodeOptions = FunctionNodeConfig & {
  /** The node's name; for a function, its `name` by default. */
  name?: string;
};

/** True when `value` can become a node: a node, a function or `'START'`. */
export function isNodeLike(value: unknown): value is NodeLike {
  return value === 'START' || typeof value === 'function' || BaseNode.isInstance(value);
}

/**
 * Builds a node from something that can stand for one (Python `build_node`,
 * adk-js `node()`): a node is returned as it is (options then are an error,
 * a node's fields being fixed when it is made), a function becomes a
 * `FunctionNode` named after it unless `options.name` says otherwise,
 * `'START'` is START.
 */
export function node(nodeLike: NodeLike, options: NodeOptions = {}): BaseNode {
  if (nodeLike === 'START') return START;
  if (BaseNode.isInstance(nodeLike)) {
    if (Object.keys(options).length > 0) {
      throw new WorkflowConfigurationError({
        message: `node(): '${nodeLike.name}' is already a node; set its options when you create it.`,
        nodeName: nodeLike.name,
      });
    }
    return nodeLike;
  }
  if (typeof nodeLike === 'function') {
    const { name, ...config } = options;
    const handler = nodeLike as FunctionNodeHandler;
    const nodeName = name ?? handler.name;
    if (!nodeName) {
      throw new WorkflowConfigurationError({
        message:
          'A function node needs a name: the function has none (an anonymous arrow?), so pass { name }.',
      });
    }
    return new FunctionNode(nodeName, handler, config);
  }
  throw new WorkflowConfigurationError({
    message: `Cannot make a workflow node from ${describe(nodeLike)}: expected a node, a function or 'START'.`,
  });
}

/**
 * The node for `nodeLike`, built once per distinct function: a graph and
 * `ctx.runNode` that see the same function twice get the same node.
 */
export function buildNodeOnce(
  nodeLike: NodeLike | RunnableNode,
  built: WeakMap<object, BaseNode>,
): BaseNode {
  if (typeof nodeLike !== 'function') return node(nodeLike);
  const existing = built.get(nodeLike);
  if (existing) return existing;
  const made = node(nodeLike);
  built.set(nodeLike, made);
  return made;
}

/** A short description of an unexpected value for error messages. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') {
    const constructorName = (value as { constructor?: { name?: unknown } }).constructor?.name;
    return typeof constructorName === 'string' && constructorName !== 'Object'
      ? `a ${constructorName}`
      : 'an object';
  }
  return `${typeof value} ${JSON.stringify(value) ?? String(value)}`;
}
