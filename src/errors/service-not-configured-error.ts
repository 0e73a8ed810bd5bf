import { AdkError, hasMarker } from './adk-error.js';

const name = 'ServiceNotConfiguredError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/** Thrown when code uses a service (artifacts, memory, credentials) the Runner was not given. */
export class ServiceNotConfiguredError extends AdkError {
  private readonly [marker] = true;
  /** The missing service, e.g. `artifactService`. */
  readonly service: string;

  constructor({ service, message }: { service: string; message?: string }) {
    super({ name, message: message ?? `The ${service} is not configured on the Runner.` });
    this.service = service;
  }

  static override isInstance(error: unknown): error is ServiceNotConfiguredError {
    return hasMarker(error, marker);
  }
}
