import { AdkError, hasMarker } from './adk-error.js';

const name = 'WorkflowDataError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when a node runs but the data it needs is not there or not of the
 * declared kind (Python `WorkflowDataError`): a FunctionNode state parameter
 * missing from the state without a default, or whose value does not fit its
 * schema. It names the node and the parameter; the schema library's error,
 * when there is one, is the `cause`.
 */
export class WorkflowDataError extends AdkError {
  private readonly [marker] = true;
  /** The node whose data was wrong. */
  readonly nodeName: string;
  /** The parameter that could not be bound. */
  readonly parameter: string;

  constructor({
    message,
    nodeName,
    parameter,
    cause,
  }: {
    message: string;
    nodeName: string;
    parameter: string;
    cause?: unknown;
  }) {
    super({ name, message, cause });
    this.nodeName = nodeName;
    this.parameter = parameter;
  }

  static override isInstance(error: unknown): error is WorkflowDataError {
    return hasMarker(error, marker);
  }
}
