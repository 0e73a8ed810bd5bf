import { AdkError, hasMarker } from './adk-error.js';

const name = 'NodeSchemaValidationError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when a workflow node's input or output does not match its
 * `inputSchema` or `outputSchema`. It names the node and the side that
 * failed; the schema library's own error is the `cause`.
 */
export class NodeSchemaValidationError extends AdkError {
  private readonly [marker] = true;
  /** The node whose schema rejected the data. */
  readonly nodeName: string;
  /** Which schema rejected it. */
  readonly direction: 'input' | 'output';

  constructor({
    nodeName,
    direction,
    detail,
    cause,
  }: {
    nodeName: string;
    direction: 'input' | 'output';
    detail: string;
    cause?: unknown;
  }) {
    super({
      name,
      message: `The ${direction} of node '${nodeName}' does not match its ${direction} schema: ${detail}`,
      cause,
    });
    this.nodeName = nodeName;
    this.direction = direction;
  }

  static override isInstance(error: unknown): error is NodeSchemaValidationError {
    return hasMarker(error, marker);
  }
}
