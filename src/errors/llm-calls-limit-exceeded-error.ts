import { AdkError, hasMarker } from './adk-error.js';

const name = 'LlmCallsLimitExceededError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/** Thrown when an invocation makes more model calls than `RunConfig.maxLlmCalls` allows. */
export class LlmCallsLimitExceededError extends AdkError {
  private readonly [marker] = true;
  /** The limit that was exceeded. */
  readonly maxLlmCalls: number;

  constructor({ maxLlmCalls }: { maxLlmCalls: number }) {
    super({ name, message: `Max number of llm calls limit of \`${maxLlmCalls}\` exceeded` });
    this.maxLlmCalls = maxLlmCalls;
  }

  static override isInstance(error: unknown): error is LlmCallsLimitExceededError {
    return hasMarker(error, marker);
  }
}
