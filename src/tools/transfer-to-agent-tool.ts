import type { FunctionDeclaration } from '../types/index.js';
import { BaseTool, type RunToolArguments } from './base-tool.js';

/** The name of the transfer tool, as the model sees it. */
export const TRANSFER_TO_AGENT_FUNCTION_NAME = 'transfer_to_agent';

// Python's docstring of `transfer_to_agent`, verbatim: the model sees it.
const description =
  'Transfer the question to another agent.\n\n' +
  "  This tool hands off control to another agent when it's more suitable to\n" +
  "  answer the user's question according to the agent's description.\n\n" +
  '  Note:\n' +
  '    For most use cases, you should use TransferToAgentTool instead of this\n' +
  '    function directly. TransferToAgentTool provides additional enum constraints\n' +
  '    that prevent LLMs from hallucinating invalid agent names.\n\n' +
  '  Args:\n' +
  '    agent_name: the agent name to transfer to.\n' +
  '  ';

/**
 * The `transfer_to_agent` tool (spec 000 §8.1): the model names an agent
 * from the enum of valid targets, and the tool records it in
 * `actions.transferToAgent`; the flow then runs that agent.
 */
export class TransferToAgentTool extends BaseTool {
  /** The agents the model may name, in the order offered. */
  readonly agentNames: readonly string[];

  constructor({ agentNames }: { agentNames: readonly string[] }) {
    super({ name: TRANSFER_TO_AGENT_FUNCTION_NAME, description });
    this.agentNames = [...agentNames];
  }

  override getDeclaration(): FunctionDeclaration {
    return {
      description,
      name: TRANSFER_TO_AGENT_FUNCTION_NAME,
      parameters: {
        properties: { agent_name: { enum: [...this.agentNames], type: 'STRING' as never } },
        required: ['agent_name'],
        type: 'OBJECT' as never,
      },
      response: { type: 'NULL' as never },
    };
  }

  override runAsync({ args, context }: RunToolArguments): Promise<unknown> {
    context.actions.transferToAgent = String(args['agent_name']);
    return Promise.resolve(null);
  }
}
