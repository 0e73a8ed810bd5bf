import type { ProcessLlmRequestArguments } from './base-tool.js';
import { GeminiBuiltInTool, modelForMessage } from './gemini-built-in-tool.js';
import {
  isGemini1Model,
  isGemini2OrAbove,
  isGeminiEapModel,
  isGeminiModelIdCheckDisabled,
} from '../models/gemini-model-names.js';

/**
 * Gemini's URL context retrieval (Python `UrlContextTool`, name
 * `url_context`): adds `{urlContext: {}}` to `config.tools` for Gemini 2+
 * and Early Access models (or any model with
 * `ADK_DISABLE_GEMINI_MODEL_ID_CHECK`). Gemini 1.x and other models throw
 * `UnsupportedModelError`.
 */
export class UrlContextTool extends GeminiBuiltInTool {
  constructor() {
    super('url_context');
  }

  /** Adds URL context to `config.tools` for the request's model. */
  override processLlmRequest({ request }: ProcessLlmRequestArguments): Promise<void> {
    const checkDisabled = isGeminiModelIdCheckDisabled();
    const tools = this.configTools(request);
    if (isGemini1Model(request.model)) {
      return Promise.reject(
        this.unsupported(request, 'Url context tool cannot be used in Gemini 1.x.'),
      );
    }
    if (isGemini2OrAbove(request.model) || isGeminiEapModel(request.model) || checkDisabled) {
      tools.push({ urlContext: {} });
      return Promise.resolve();
    }
    return Promise.reject(
      this.unsupported(
        request,
        `Url context tool is not supported for model ${modelForMessage(request.model)}`,
      ),
    );
  }
}

/** The shared `url_context` tool (Python's `url_context`). */
export const urlContext = new UrlContextTool();
