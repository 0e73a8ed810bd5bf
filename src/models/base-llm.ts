import type { LlmResponse } from '../events/llm-response.js';
import { NotSupportedError } from '../errors/not-supported-error.js';
import type { LlmRequest } from './llm-request.js';
import type { BaseLlmConnection } from './base-llm-connection.js';

/** Options every model adapter accepts. */
export interface BaseLlmOptions {
  /** The model name, e.g. `gemini-2.5-flash`. */
  model: string;
}

/**
 * A language model. Adapters (Gemini, Claude, OpenAI-compatible, scripted test
 * models) extend it and implement `generateContentAsync`.
 */
export abstract class BaseLlm {
  /** Patterns of the model names this class serves, matched whole by `LLMRegistry` (Python `supported_models()`). */
  static readonly supportedModels: readonly (string | RegExp)[] = [];

  /** The model name sent to the provider. */
  readonly model: string;

  constructor({ model }: BaseLlmOptions) {
    this.model = model;
  }

  /**
   * Calls the model once. Without `stream`, yields exactly one complete
   * response. With `stream`, yields partial chunks (`partial: true`) and then
   * one aggregated response. Stops early when `abortSignal` fires.
   */
  abstract generateContentAsync(
    request: LlmRequest,
    stream?: boolean,
    abortSignal?: AbortSignal,
  ): AsyncGenerator<LlmResponse, void>;

  /**
   * The modalities the model can answer in over a live session (genai
   * `Modality` names), or undefined when that is not known, in which case
   * nothing is checked. A live run asking for another fails with
   * `InvalidRunConfigError` before it connects.
   */
  get liveResponseModalities(): readonly string[] | undefined {
    return undefined;
  }

  /**
   * Opens a live (bidirectional) session. Models without live support keep
   * this default, which throws `NotSupportedError`.
   */
  connect(_request: LlmRequest): Promise<BaseLlmConnection> {
    return Promise.reject(
      new NotSupportedError({ message: `Live connection is not supported for ${this.model}.` }),
    );
  }
}
