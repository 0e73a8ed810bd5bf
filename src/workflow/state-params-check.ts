import { StateSchemaError } from '../errors/state-schema-error.js';
import { asStateSchema, type StateSchema } from '../sessions/state-schema.js';
import { FunctionNode } from './function-node.js';
import type { Graph } from './graph.js';

/**
 * Checks, when a workflow is made, that the state keys its FunctionNodes bind
 * are declared in the state schema in force for them (the node's own, else
 * the workflow's), as Python's Workflow checks a function's parameters
 * against its `state_schema` at construction. Keys with a `:` are not
 * checked. Throws `StateSchemaError` naming the first undeclared key.
 */
export function checkStateParams(graph: Graph, workflowSchema: unknown): void {
  const inherited = asStateSchema(workflowSchema);
  for (const node of graph.nodes) {
    if (!(node instanceof FunctionNode) || !node.stateParams) continue;
    const schema: StateSchema | undefined = asStateSchema(node.stateSchema) ?? inherited;
    if (!schema) continue;
    const declared = Object.keys(schema.shape);
    for (const key of Object.keys(node.stateParams.shape)) {
      if (key.includes(':') || declared.includes(key)) continue;
      throw new StateSchemaError({
        key,
        message: `Parameter '${key}' of node '${node.name}' is not declared in the state schema. Declared fields: ${JSON.stringify([...declared].sort())}`,
      });
    }
  }
}
