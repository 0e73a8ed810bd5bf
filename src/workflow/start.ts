import { WorkflowConfigurationError } from '../errors/workflow-configuration-error.js';
import { BaseNode } from './base-node.js';
import type { NodeContext } from './node-context.js';

/** The name of the START sentinel (Python `START.name`). */
export const START_NODE_NAME = '__START__';

class StartNode extends BaseNode {
  // START is never run: the workflow records its input under START's name
  // and triggers START's successors directly.
  // eslint-disable-next-line require-yield
  protected async *runImpl(
    _ctx: NodeContext,
    _nodeInput: unknown,
  ): AsyncGenerator<unknown, void, undefined> {
    throw new WorkflowConfigurationError({
      message: 'START is the entry sentinel of a graph and is never run.',
      nodeName: START_NODE_NAME,
    });
  }
}

/**
 * The entry point of every workflow graph: a sentinel node named `__START__`.
 * In a chain the string `'START'` stands for it.
 */
export const START: BaseNode = new StartNode({ name: START_NODE_NAME });

/** The default route: an edge with it fires only when no specific route matched (`'__DEFAULT__'`). */
export const DEFAULT_ROUTE = '__DEFAULT__';
