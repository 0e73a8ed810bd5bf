import { z } from 'zod';
import { isAgent } from './agent-node.js';
import { DynamicNodeFailError } from '../errors/dynamic-node-fail-error.js';
import { NodeInterruptedError } from '../errors/node-interrupted-error.js';
import { WorkflowConfigurationError } from '../errors/workflow-configuration-error.js';
import { BaseTool, type RunToolArguments } from '../tools/base-tool.js';
import type { FunctionDeclaration } from '../types/index.js';
import { BaseNode } from './base-node.js';
import { nodeSchemaToJsonSchema } from './node-schema.js';

const marker = Symbol.for('adk-ts.workflow.NodeTool');

/**
 * A node as a tool an LlmAgent can call (Python `NodeTool`, the inverse of
 * `ToolNode`). The node must declare an `inputSchema`: it is the tool's
 * parameters, an object schema as it is, any other wrapped as
 * `{ request: <schema> }` (the model's `request` argument is then the
 * input); an `outputSchema` is the declared response. An agent cannot be
 * wrapped (call it as a sub-agent). The tool is long-running, so a node that
 * asks for input does not get an empty answer made up for it.
 *
 * When called, the node runs as a child of the calling agent's workflow node
 * (`ctx.runNode`) on the branch `<branch>.<tool name>@<function call id>`;
 * its output is the tool result (`{ result: null }` for none). Arguments
 * that fail a zod object schema, a failure of the node, and a call outside a
 * workflow come back to the model as an error text (as Python returns
 * them); an interrupt of the node propagates, pausing the run.
 */
export class NodeTool extends BaseTool {
  private readonly [marker] = true;
  /** The node the tool runs. */
  readonly node: BaseNode;

  constructor(node: BaseNode, name?: string, description?: string) {
    if (isAgent(node)) {
      const agentName = (node as { name: string }).name;
      throw new WorkflowConfigurationError({
        message: `Agent '${agentName}' cannot be wrapped as a NodeTool. Agents should be invoked as Sub-Agents instead.`,
        nodeName: agentName,
      });
    }
    if (!BaseNode.isInstance(node) || node.inputSchema === undefined) {
      const nodeName = BaseNode.isInstance(node) ? node.name : String(node);
      throw new WorkflowConfigurationError({
        message: `Node '${nodeName}' does not have an input_schema defined. NodeTool requires an explicit input schema on the wrapped node.`,
        nodeName,
      });
    }
    super({
      name: name ?? node.name,
      description: description || node.description || `Executes the node: ${node.name}`,
      isLongRunning: true,
    });
    this.node = node;
  }

  override getDeclaration(): FunctionDeclaration {
    const declaration: FunctionDeclaration = {
      name: this.name,
      description: this.description,
      parametersJsonSchema: this.isObjectInput()
        ? this.inputJsonSchema()
        : {
            type: 'object',
            properties: { request: this.inputJsonSchema() },
            required: ['request'],
          },
    };
    if (this.node.outputSchema !== undefined) {
      declaration.responseJsonSchema = nodeSchemaToJsonSchema(this.node.outputSchema);
    }
    return declaration;
  }

  override async runAsync({ args, context }: RunToolArguments): Promise<unknown> {
    const schema = this.node.inputSchema;
    let nodeInput: unknown = args;
    if (schema instanceof z.ZodObject) {
      const parsed = schema.safeParse(args);
      if (!parsed.success) {
        return `Error validating input for node: ${z.prettifyError(parsed.error)}`;
      }
      nodeInput = parsed.data;
    } else if (!this.isObjectInput()) {
      nodeInput = args['request'];
    }
    const workflowNode = context.invocation.workflowNode;
    if (!workflowNode) {
      return `Error running node ${this.name}: a NodeTool runs only inside a Workflow.`;
    }
    const segment = `${this.name}@${context.functionCallId ?? ''}`;
    const base = context.invocation.branch;
    try {
      const result = await workflowNode.runNode(this.node as never, nodeInput, {
        overrideBranch: base ? `${base}.${segment}` : segment,
        useSubBranch: false,
        raiseOnWait: true,
      });
      return result === undefined || result === null ? { result: null } : result;
    } catch (error) {
      if (NodeInterruptedError.isInstance(error)) throw error;
      const cause = DynamicNodeFailError.isInstance(error) ? error.error : error;
      const message = cause instanceof Error ? cause.message : String(cause);
      return `Error running node ${this.name}: ${message}`;
    }
  }

  private inputJsonSchema(): Record<string, unknown> {
    return nodeSchemaToJsonSchema(this.node.inputSchema as NonNullable<BaseNode['inputSchema']>);
  }

  private isObjectInput(): boolean {
    return this.inputJsonSchema()['type'] === 'object';
  }

  /** True for a NodeTool from any copy of this package (adk-js `isNodeTool`). */
  static isInstance(value: unknown): value is NodeTool {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[marker] === true
    );
  }
}

/** True for a NodeTool (adk-js `isNodeTool`). */
export function isNodeTool(value: unknown): value is NodeTool {
  return NodeTool.isInstance(value);
}
