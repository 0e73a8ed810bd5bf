import { GeminiBuiltInTool, modelForMessage } from './gemini-built-in-tool.js';
import type { ProcessLlmRequestArguments } from './base-tool.js';
import {
  isGemini1Model,
  isGeminiModel,
  isGeminiModelIdCheckDisabled,
} from '../models/gemini-model-names.js';

/** Options of `new GoogleSearchTool(...)`. */
export interface GoogleSearchToolOptions {
  /**
   * Lets the agent use search beside other tools. The tool itself does not
   * read it: as in Python, the agent that owns the tool consults it.
   */
  bypassMultiToolsLimit?: boolean;
  /** A model that replaces the request's model before the check. */
  model?: string;
}

/**
 * Gemini's Google Search grounding (Python `GoogleSearchTool`, name
 * `google_search`). On a Gemini 1.x model it adds
 * `{googleSearchRetrieval: {}}` and must be the request's only tool; on
 * other Gemini models (or with `ADK_DISABLE_GEMINI_MODEL_ID_CHECK`) it adds
 * `{googleSearch: {}}`. Any other model throws `UnsupportedModelError`.
 */
export class GoogleSearchTool extends GeminiBuiltInTool {
  readonly bypassMultiToolsLimit: boolean;
  readonly model: string | undefined;

  constructor({ bypassMultiToolsLimit = false, model }: GoogleSearchToolOptions = {}) {
    super('google_search');
    this.bypassMultiToolsLimit = bypassMultiToolsLimit;
    this.model = model;
  }

  /** Adds Google Search to `config.tools` for the request's model. */
  override processLlmRequest({ request }: ProcessLlmRequestArguments): Promise<void> {
    if (this.model !== undefined) request.model = this.model;
    const checkDisabled = isGeminiModelIdCheckDisabled();
    const tools = this.configTools(request);
    if (isGemini1Model(request.model)) {
      if (tools.length > 0) {
        return Promise.reject(
          this.unsupported(
            request,
            'Google search tool cannot be used with other tools in Gemini 1.x.',
          ),
        );
      }
      tools.push({ googleSearchRetrieval: {} });
    } else if (isGeminiModel(request.model) || checkDisabled) {
      tools.push({ googleSearch: {} });
    } else {
      return Promise.reject(
        this.unsupported(
          request,
          `Google search tool is not supported for model ${modelForMessage(request.model)}`,
        ),
      );
    }
    return Promise.resolve();
  }
}

/** The shared `google_search` tool (Python's `google_search`). */
export const googleSearch = new GoogleSearchTool();
