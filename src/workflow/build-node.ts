import { WorkflowConfigurationError } from '../errors/workflow-configuration-error.js';
import { isBaseTool } from '../tools/base-tool.js';
import { AgentNode, isAgent, type AgentNodeConfig } from './agent-node.js';
import { BaseNode } from './base-node.js';
import {
  FunctionNode,
  type FunctionNodeConfig,
  type FunctionNodeHandler,
} from './function-node.js';
import type { NodeLike, RunnableNode } from './node-like.js';
import { START } from './start.js';
import { ToolNode } from './tool-node.js';

/** Fields `buildNode` applies to the node it makes (every BaseNode field; the name optional). */
export type BuildNodeOptions = FunctionNodeConfig & {
  /** The node's name; by default the function's, tool's or agent's. */
  name?: string;
};

/** True when `value` can become a node: a node, a function, an agent, a tool or `'START'`. */
export function isNodeLike(value: unknown): value is NodeLike {
  return (
    value === 'START' ||
    typeof value === 'function' ||
    BaseNode.isInstance(value) ||
    isAgent(value) ||
    isBaseTool(value)
  );
}

/**
 * Builds a node from something that can stand for one (Python `build_node`):
 * a node is returned as it is (options then are an error, a node's fields
 * being fixed when it is made); a function becomes a `FunctionNode` named
 * after it; a tool a `ToolNode`; a `Workflow` its own graph node; any other
 * agent an `AgentNode`; `'START'` is START. Options override the defaults.
 */
export function buildNode(nodeLike: NodeLike, options: BuildNodeOptions = {}): BaseNode {
  if (nodeLike === 'START') return START;
  if (BaseNode.isInstance(nodeLike)) {
    rejectOptions(nodeLike.name, options);
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
  if (isAgent(nodeLike)) {
    // A Workflow carries its graph as a node; it enters another graph as that node.
    const own = (nodeLike as { node?: unknown }).node;
    if (BaseNode.isInstance(own)) {
      rejectOptions(own.name, options);
      return own;
    }
    return new AgentNode(nodeLike, options as AgentNodeConfig);
  }
  if (isBaseTool(nodeLike)) return new ToolNode(nodeLike, options);
  throw new WorkflowConfigurationError({
    message: `Cannot make a workflow node from ${describe(nodeLike)}: expected a node, a function, an agent, a tool or 'START'.`,
  });
}

/**
 * The node for `nodeLike`, built once per distinct function, agent or tool:
 * a graph and `ctx.runNode` that see the same one twice get the same node.
 */
export function buildNodeOnce(
  nodeLike: NodeLike | RunnableNode,
  built: WeakMap<object, BaseNode>,
): BaseNode {
  if (nodeLike === 'START' || BaseNode.isInstance(nodeLike)) return buildNode(nodeLike);
  const existing = built.get(nodeLike);
  if (existing) return existing;
  const made = buildNode(nodeLike);
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

function rejectOptions(name: string, options: BuildNodeOptions): void {
  if (Object.keys(options).length > 0) {
    throw new WorkflowConfigurationError({
      message: `node(): '${name}' is already a node; set its options when you create it.`,
      nodeName: name,
    });
  }
}
