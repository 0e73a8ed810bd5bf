import type { RouteValue } from '../events/event-actions.js';
import type { BaseAgent } from '../agents/base-agent.js';
import type { BaseTool } from '../tools/base-tool.js';
import type { BaseNode } from './base-node.js';

/** The string that stands for `START` in an edge chain. */
export type StartLiteral = 'START';

/**
 * A function a `FunctionNode` wraps: `(ctx, nodeInput)` returning a value, a
 * promise of one, or a (sync or async) generator of them. See `FunctionNode`.
 */
export type NodeFunction = (...args: never[]) => unknown;

/**
 * What can stand for a node in an edge (Python `NodeLike`): a node, a
 * function (a `FunctionNode`), an agent (an `AgentNode`; a `Workflow` its
 * graph node), a tool (a `ToolNode`), or `'START'`.
 */
export type NodeLike = BaseNode | NodeFunction | BaseAgent | BaseTool | StartLiteral;

/** What `ctx.runNode` accepts: anything an edge accepts except `'START'`. */
export type RunnableNode = Exclude<NodeLike, StartLiteral>;

/**
 * A routing map inside a chain: route value → node (or a list of nodes, a
 * fan-out). A plain object's keys are strings; a `Map` keeps number and
 * boolean routes as they are.
 */
export type RoutingMap =
  | Readonly<Record<string, NodeLike | readonly NodeLike[]>>
  | ReadonlyMap<RouteValue, NodeLike | readonly NodeLike[]>;

/** One element of a chain: a node, a fan-out/fan-in list of nodes, or a routing map. */
export type ChainElement = NodeLike | readonly NodeLike[] | RoutingMap;
