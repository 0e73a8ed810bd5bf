import { hasMarker } from './adk-error.js';
import { InputValidationError } from './input-validation-error.js';

const name = 'NestingTooDeepError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when a value nests objects and arrays more levels deep than a
 * limit allows: an event or a state given to a session store, a request a
 * model copies. Such a value would overflow the recursive copies and
 * serialisations it goes through (and Python's readers of the same
 * database), so it is refused before anything is stored. It is an
 * `InputValidationError` (`argument` names the value), so the server
 * answers 400.
 */
export class NestingTooDeepError extends InputValidationError {
  private readonly [marker] = true;
  /** The deepest nesting allowed; the value itself is level 1. */
  readonly limit: number;

  constructor({ argument, limit }: { argument: string; limit: number }) {
    super({
      message:
        `${argument} nests objects and arrays more than ${limit} levels deep; ` +
        `flatten it to at most ${limit} levels.`,
      argument,
    });
    this.name = name;
    this.limit = limit;
  }

  static override isInstance(error: unknown): error is NestingTooDeepError {
    return hasMarker(error, marker);
  }
}
