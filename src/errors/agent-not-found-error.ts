import { AdkError, hasMarker } from './adk-error.js';

const name = 'AgentNotFoundError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/** Thrown when an agent is looked up by name (transfer, resume) and is not in the agent tree. */
export class AgentNotFoundError extends AdkError {
  private readonly [marker] = true;
  /** The name that was not found. */
  readonly agentName: string;

  constructor({ agentName, message }: { agentName: string; message?: string }) {
    super({ name, message: message ?? `Agent ${agentName} not found in the agent tree.` });
    this.agentName = agentName;
  }

  static override isInstance(error: unknown): error is AgentNotFoundError {
    return hasMarker(error, marker);
  }
}
