import { hasMarker } from './adk-error.js';
import { InvalidArgumentError } from './invalid-argument-error.js';

const name = 'InvalidArtifactNameError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when an artifact file name is unsafe: empty, containing a path
 * separator (`/` or `\`) or a NUL byte, a `.`/`..` segment, or a drive
 * prefix such as `C:`. Names may become paths in file-based stores, so every
 * artifact service rejects them alike. It is also an `InvalidArgumentError`
 * (argument `filename`), so code that maps bad input to a 4xx catches it too.
 */
export class InvalidArtifactNameError extends InvalidArgumentError {
  private readonly [marker] = true;
  /** The rejected file name. */
  readonly filename: string;

  constructor({ filename, reason }: { filename: string; reason: string }) {
    super({
      message: `Invalid artifact filename ${JSON.stringify(filename)}: ${reason}.`,
      argument: 'filename',
    });
    this.name = name;
    this.filename = filename;
  }

  static override isInstance(error: unknown): error is InvalidArtifactNameError {
    return hasMarker(error, marker);
  }
}
