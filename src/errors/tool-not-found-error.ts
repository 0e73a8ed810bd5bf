import { AdkError, hasMarker } from './adk-error.js';

const name = 'ToolNotFoundError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when the model calls a tool the agent does not have and no
 * on-tool-error hook (such as ReflectAndRetryToolPlugin) turned it into a
 * result. The message is Python's, listing the available tools.
 */
export class ToolNotFoundError extends AdkError {
  private readonly [marker] = true;
  /** The name the model called. */
  readonly toolName: string;
  /** The tools the agent has. */
  readonly availableTools: readonly string[];

  constructor({
    toolName,
    availableTools,
  }: {
    toolName: string;
    availableTools: readonly string[];
  }) {
    super({
      name,
      message:
        `Tool '${toolName}' not found.\nAvailable tools: ${availableTools.join(', ')}\n\n` +
        'Possible causes:\n' +
        '  1. LLM hallucinated the function name - review agent instruction clarity\n' +
        '  2. Tool not registered - verify agent.tools list\n' +
        '  3. Name mismatch - check for typos\n\n' +
        'Suggested fixes:\n' +
        '  - Review agent instruction to ensure tool usage is clear\n' +
        '  - Verify tool is included in agent.tools list\n' +
        '  - Check for typos in function name',
    });
    this.toolName = toolName;
    this.availableTools = [...availableTools];
  }

  static override isInstance(error: unknown): error is ToolNotFoundError {
    return hasMarker(error, marker);
  }
}
