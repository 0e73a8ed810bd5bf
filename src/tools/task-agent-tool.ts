import type { FunctionDeclaration, Schema } from '../types/index.js';
import { deepClone } from '../utils/deep-clone.js';
import { findInputSchema, type AgentToolAgent } from './agent-tool.js';
import { BaseTool } from './base-tool.js';

/** The description of the default task input's one parameter. */
const REQUEST_DESCRIPTION = 'Detailed instructions or context for the task sub-agent.';

/** Appended to the task agent's description in the declaration. */
const DELEGATION_NOTE =
  '\nIMPORTANT: This tool delegates execution to a specialized agent.' +
  ' Do NOT call this tool in parallel with any other tools.';

/**
 * The tool through which a chat-mode LlmAgent delegates to a task-mode
 * sub-agent (004 §10, Python `_TaskAgentTool`). It is a marker: the model
 * sees a function named after the task agent, taking the agent's input
 * schema or `{request: string}`; the tool itself does nothing
 * (`defersResponse`), because the coordinator's delegation loop runs the
 * task agent in its own isolation scope and answers the call with the
 * task's output once `finish_task` succeeds.
 *
 * LlmAgent adds one for each sub-agent in task mode; it is not meant to be
 * constructed by hand.
 */
export class TaskAgentTool extends BaseTool {
  /** The task agent the calls delegate to. */
  readonly agent: AgentToolAgent;
  override readonly defersResponse = true;

  constructor(agent: AgentToolAgent) {
    super({ name: agent.name, description: agent.description });
    this.agent = agent;
  }

  /** The agent's input schema (or `{request}`) under the agent's name, with the delegation note. */
  override getDeclaration(): FunctionDeclaration {
    const input = findInputSchema(this.agent);
    const parameters: Schema = input
      ? deepClone(input.declaration)
      : {
          type: 'OBJECT' as NonNullable<Schema['type']>,
          properties: {
            request: {
              type: 'STRING' as NonNullable<Schema['type']>,
              description: REQUEST_DESCRIPTION,
            },
          },
          required: ['request'],
        };
    return {
      name: this.name,
      description: `${this.agent.description}${DELEGATION_NOTE}`.trim(),
      parameters,
    };
  }

  /** Nothing: the delegation loop answers the call (see the class comment). */
  override runAsync(): Promise<unknown> {
    return Promise.resolve(undefined);
  }
}

/** True for TaskAgentTool instances, including ones from another copy of this package. */
export function isTaskAgentTool(value: unknown): value is TaskAgentTool {
  return (
    value instanceof TaskAgentTool ||
    (typeof value === 'object' &&
      value !== null &&
      (value as { defersResponse?: unknown }).defersResponse === true &&
      typeof (value as { agent?: unknown }).agent === 'object')
  );
}
