import type { ProcessLlmRequestArguments } from './base-tool.js';
import { GeminiBuiltInTool, modelForMessage } from './gemini-built-in-tool.js';
import {
  isGemini1Model,
  isGeminiModel,
  isGeminiModelIdCheckDisabled,
} from '../models/gemini-model-names.js';

/**
 * Gemini's Google Maps grounding (Python `GoogleMapsGroundingTool`, name
 * `google_maps`; Vertex AI only): adds `{googleMaps: {}}` to `config.tools`
 * for Gemini 2+ models (or any model with
 * `ADK_DISABLE_GEMINI_MODEL_ID_CHECK`). Gemini 1.x and other models throw
 * `UnsupportedModelError`.
 */
export class GoogleMapsGroundingTool extends GeminiBuiltInTool {
  constructor() {
    super('google_maps');
  }

  /** Adds Google Maps grounding to `config.tools` for the request's model. */
  override processLlmRequest({ request }: ProcessLlmRequestArguments): Promise<void> {
    const checkDisabled = isGeminiModelIdCheckDisabled();
    const tools = this.configTools(request);
    if (isGemini1Model(request.model)) {
      return Promise.reject(
        this.unsupported(
          request,
          'Google Maps grounding tool cannot be used with Gemini 1.x models.',
        ),
      );
    }
    if (isGeminiModel(request.model) || checkDisabled) {
      tools.push({ googleMaps: {} });
      return Promise.resolve();
    }
    return Promise.reject(
      this.unsupported(
        request,
        `Google maps tool is not supported for model ${modelForMessage(request.model)}`,
      ),
    );
  }
}

/** The shared Google Maps grounding tool (Python's `google_maps_grounding`). */
export const googleMapsGrounding = new GoogleMapsGroundingTool();
