import { AdkError, hasMarker } from './adk-error.js';

const name = 'WorkflowConfigurationError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when a workflow, node or edge is declared in an unusable way (Python
 * `WorkflowConfigurationError`): an invalid node name, an empty routing map,
 * two routing maps in a row, a value that cannot become a node. The same
 * declaration fails the same way every time, before anything runs.
 */
export class WorkflowConfigurationError extends AdkError {
  private readonly [marker] = true;
  /** The node the declaration is about, when one can be named. */
  readonly nodeName: string | undefined;

  constructor({ message, nodeName }: { message: string; nodeName?: string }) {
    super({ name, message });
    this.nodeName = nodeName;
  }

  static override isInstance(error: unknown): error is WorkflowConfigurationError {
    return hasMarker(error, marker);
  }
}
