/**
 * What a tool sees of the workflow node its agent runs as (ADK 2.x: the tool
 * context is the node's `Context`, so a tool can call `run_node`). The
 * workflow sets it on the invocation it runs an agent node with; context/
 * sits below workflow/, so only this shape is named here.
 */
export interface WorkflowNodeHandle {
  /** Runs a node as a child of the agent's node and resolves to its output (`NodeContext.runNode`). */
  runNode(node: never, nodeInput?: unknown, options?: Record<string, unknown>): Promise<unknown>;
}
