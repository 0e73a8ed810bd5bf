import { AgentTool, findInputSchema, type AgentToolAgent } from './agent-tool.js';
import type { RunToolArguments } from './base-tool.js';

/**
 * The tool through which a chat-mode LlmAgent calls a `single_turn`
 * sub-agent (Python `_SingleTurnAgentTool`); LlmAgent adds one for each such
 * sub-agent, it is not meant to be built by hand.
 *
 * Its declaration is AgentTool's (the agent's name and description, its
 * input schema or `{request: string}`). When called, the sub-agent runs as a
 * child node of the calling agent's node (`ctx.runNode`, which the calling
 * agent has when it runs in the node runtime: a root agent with such
 * sub-agents, or a workflow node) on the branch `<branch>.<agent>@<call id>`:
 * the arguments validated by the input schema, or `request`, are its input,
 * which it answers in one turn; its output (its final text, or the parsed
 * output schema) is the tool's result. Arguments that fail the input schema
 * and any failure of the run come back to the model as an error text, as
 * Python returns them.
 */
export class SingleTurnAgentTool extends AgentTool {
  constructor(agent: AgentToolAgent) {
    super({ agent });
  }

  /** Runs the sub-agent as a child node; see the class comment. */
  override async runAsync({ args, context }: RunToolArguments): Promise<unknown> {
    const input = findInputSchema(this.agent);
    let nodeInput: unknown = args['request'];
    if (input) {
      try {
        nodeInput = input.parse(args);
      } catch (error) {
        return `Error validating input: ${messageOf(error)}`;
      }
    }
    const invocation = context.invocation;
    const segment = `${this.agent.name}@${context.functionCallId ?? ''}`;
    try {
      const workflowNode = invocation.workflowNode;
      if (!workflowNode) {
        return `Error running sub-agent: '${this.agent.name}' runs only in the node runtime.`;
      }
      return await workflowNode.runNode(this.agent as never, nodeInput, {
        overrideBranch: invocation.branch ? `${invocation.branch}.${segment}` : segment,
        useSubBranch: false,
      });
    } catch (error) {
      return `Error running sub-agent: ${messageOf(error)}`;
    }
  }
}

/** True for SingleTurnAgentTool instances. */
export function isSingleTurnAgentTool(value: unknown): value is SingleTurnAgentTool {
  return value instanceof SingleTurnAgentTool;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
