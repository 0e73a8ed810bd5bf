import { AdkError, hasMarker } from './adk-error.js';

const name = 'EvalNotFoundError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/** What an `EvalNotFoundError` did not find. */
export type EvalNotFoundKind = 'app' | 'evalSet' | 'evalCase' | 'evalSetResult';

/**
 * Thrown when an eval set, an eval case, an eval set result or an app's eval
 * directory that must exist does not (Python raises `NotFoundError`); HTTP
 * maps it to 404.
 */
export class EvalNotFoundError extends AdkError {
  private readonly [marker] = true;
  /** What is missing. */
  readonly kind: EvalNotFoundKind;
  /** The id (or app name) that was asked for. */
  readonly id: string;

  constructor({ kind, id, message }: { kind: EvalNotFoundKind; id: string; message: string }) {
    super({ name, message });
    this.kind = kind;
    this.id = id;
  }

  static override isInstance(error: unknown): error is EvalNotFoundError {
    return hasMarker(error, marker);
  }
}
