import { NotSupportedError } from '../errors/not-supported-error.js';
import { UnsupportedModelError } from '../errors/unsupported-model-error.js';
import type { LlmRequest } from '../models/llm-request.js';
import type { Tool } from '../types/index.js';
import { BaseTool, type ProcessLlmRequestArguments } from './base-tool.js';

/**
 * The base of Gemini's built-in tools (search, URL context, maps): the model
 * runs them itself, so they have no declaration and are never called by the
 * framework; `processLlmRequest` adds them to `config.tools` instead. The
 * name doubles as the description, as in Python.
 */
export abstract class GeminiBuiltInTool extends BaseTool {
  constructor(name: string) {
    super({ name, description: name });
  }

  /** Adds the built-in to the request's `config.tools`, or throws `UnsupportedModelError`. */
  abstract override processLlmRequest(args: ProcessLlmRequestArguments): Promise<void>;

  /** Always rejects with `NotSupportedError`: the model runs this tool, not the framework. */
  override runAsync(): Promise<unknown> {
    return Promise.reject(
      new NotSupportedError({
        message: `${this.name} is a model built-in tool: the model runs it, not the framework.`,
      }),
    );
  }

  /** The request's `config.tools`, created empty when missing (Python's `tools or []`). */
  protected configTools(request: LlmRequest): Tool[] {
    return (request.config.tools ??= []) as Tool[];
  }

  /** An `UnsupportedModelError` for this tool and the request's model, with Python's message. */
  protected unsupported(request: LlmRequest, message: string): UnsupportedModelError {
    return new UnsupportedModelError({ toolName: this.name, model: request.model, message });
  }
}

/** A model name as Python's f-strings print it (`None` when absent). */
export function modelForMessage(model: string | undefined): string {
  return model ?? 'None';
}
