import type {
  AfterModelHookArguments,
  BeforeModelHookArguments,
} from '../context/hook-arguments.js';
import type { LlmResponse } from '../events/llm-response.js';
import type { LlmRequest } from '../models/llm-request.js';
import { BasePlugin } from '../plugins/base-plugin.js';
import { newUuid } from '../utils/ids.js';
import { logger } from '../utils/logger.js';

/** The state key and custom-metadata key that carry a request's id (Python's). */
export const LLM_REQUEST_ID_KEY = '__llm_request_key__';

/**
 * Remembers each model request an eval run makes and tags the model's
 * response with its id, so the inference step can tell which instructions
 * and tools each agent was given (Python `_RequestIntercepterPlugin`). As in
 * Python, the id passes through the callback context's state (so it is in
 * the model event's state delta) and lands in the response's
 * `customMetadata`.
 */
export class RequestIntercepterPlugin extends BasePlugin {
  private readonly requests = new Map<string, LlmRequest>();

  constructor(name = 'request_intercepter_plugin') {
    super(name);
  }

  override beforeModelCallback({ context, request }: BeforeModelHookArguments): undefined {
    const requestId = newUuid();
    this.requests.set(requestId, request);
    context.state.set(LLM_REQUEST_ID_KEY, requestId);
    return undefined;
  }

  override afterModelCallback({ context, response }: AfterModelHookArguments): undefined {
    if (context.state.has(LLM_REQUEST_ID_KEY)) {
      response.customMetadata ??= {};
      response.customMetadata[LLM_REQUEST_ID_KEY] = context.state.get(LLM_REQUEST_ID_KEY);
    }
    return undefined;
  }

  /** The request a response (or the event made from it) answered, when this plugin saw it. */
  getModelRequest(response: Pick<LlmResponse, 'customMetadata'>): LlmRequest | undefined {
    const requestId = response.customMetadata?.[LLM_REQUEST_ID_KEY];
    if (typeof requestId !== 'string') return undefined;
    const request = this.requests.get(requestId);
    if (!request) logger.warn(`\`${requestId}\` not found in llm_request_cache.`);
    return request;
  }
}
