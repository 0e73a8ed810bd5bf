import { NotSupportedError } from '../errors/not-supported-error.js';
import { UnsupportedModelError } from '../errors/unsupported-model-error.js';
import type { LlmRequest } from '../models/llm-request.js';
import {
  isGemini2OrAbove,
  isGeminiEapModel,
  isGeminiModelIdCheckDisabled,
} from '../models/gemini-model-names.js';
import type { Tool } from '../types/index.js';
import { BaseCodeExecutor } from './base-code-executor.js';
import type { CodeExecutorResult } from './code-execution-utils.js';

/**
 * Lets the model run code itself (Python `BuiltInCodeExecutor`): the request
 * gets Gemini's code-execution tool, and the framework executes nothing.
 * Gemini 2+ and Early Access models only, unless
 * `ADK_DISABLE_GEMINI_MODEL_ID_CHECK` is set.
 */
export class BuiltInCodeExecutor extends BaseCodeExecutor {
  /** Always rejects with `NotSupportedError`: the model runs the code, not the framework. */
  override executeCode(): Promise<CodeExecutorResult> {
    return Promise.reject(
      new NotSupportedError({
        message: 'BuiltInCodeExecutor does not execute code: the model runs it.',
      }),
    );
  }

  /**
   * Adds `{codeExecution: {}}` to `config.tools`; throws
   * `UnsupportedModelError` for other models, with Python's message.
   */
  processLlmRequest(request: LlmRequest): void {
    if (
      isGemini2OrAbove(request.model) ||
      isGeminiEapModel(request.model) ||
      isGeminiModelIdCheckDisabled()
    ) {
      const tools = (request.config.tools ??= []) as Tool[];
      tools.push({ codeExecution: {} });
      return;
    }
    throw new UnsupportedModelError({
      toolName: 'code_execution',
      model: request.model,
      message: `Gemini code execution tool is not supported for model ${request.model ?? 'None'}`,
    });
  }
}
