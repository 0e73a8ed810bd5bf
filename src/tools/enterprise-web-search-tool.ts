import type { ProcessLlmRequestArguments } from './base-tool.js';
import { GeminiBuiltInTool, modelForMessage } from './gemini-built-in-tool.js';
import {
  isGemini1Model,
  isGeminiModel,
  isGeminiModelIdCheckDisabled,
} from '../models/gemini-model-names.js';

/**
 * Gemini's web grounding for enterprise compliance (Python
 * `EnterpriseWebSearchTool`, name `enterprise_web_search`; not Vertex AI
 * Search): adds `{enterpriseWebSearch: {}}` to `config.tools` for Gemini
 * models (or any model with `ADK_DISABLE_GEMINI_MODEL_ID_CHECK`); on Gemini
 * 1.x it must be the only tool. Other models throw `UnsupportedModelError`.
 */
export class EnterpriseWebSearchTool extends GeminiBuiltInTool {
  constructor() {
    super('enterprise_web_search');
  }

  /** Adds enterprise web search to `config.tools` for the request's model. */
  override processLlmRequest({ request }: ProcessLlmRequestArguments): Promise<void> {
    const checkDisabled = isGeminiModelIdCheckDisabled();
    const tools = this.configTools(request);
    if (isGeminiModel(request.model) || checkDisabled) {
      if (isGemini1Model(request.model) && tools.length > 0) {
        return Promise.reject(
          this.unsupported(
            request,
            'Enterprise Web Search tool cannot be used with other tools in Gemini 1.x.',
          ),
        );
      }
      tools.push({ enterpriseWebSearch: {} });
      return Promise.resolve();
    }
    return Promise.reject(
      this.unsupported(
        request,
        `Enterprise Web Search tool is not supported for model ${modelForMessage(request.model)}`,
      ),
    );
  }
}

/** The shared enterprise web search tool (Python's `enterprise_web_search`). */
export const enterpriseWebSearch = new EnterpriseWebSearchTool();
