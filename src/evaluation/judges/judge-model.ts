import type { LlmResponse } from '../../events/llm-response.js';
import type { BaseLlm } from '../../models/base-llm.js';
import { createLlmRequest, type LlmRequest } from '../../models/llm-request.js';
import { LLMRegistry } from '../../models/registry.js';
import type { GenerateContentConfig } from '../../types/index.js';
import { addDefaultRetryOptionsIfNotPresent } from '../retry-options.js';

/**
 * The judge model of a metric: `judgeModel` when the caller gives one (an
 * instance, e.g. a scripted model in tests), else a new instance of the
 * class `LLMRegistry` resolves for `judgeModelName` (Python
 * `_setup_auto_rater`). An unknown name throws `ModelNotFoundError`.
 */
export function resolveJudgeModel(judgeModelName: string, judgeModel?: BaseLlm): BaseLlm {
  return judgeModel ?? LLMRegistry.newLlm(judgeModelName);
}

/**
 * The request a judge is sent: one user turn holding `prompt`, the judge's
 * generation config (copied, so a model cannot change the metric's), and
 * the eval system's default retry options when the config has none. With
 * `disableAutomaticFunctionCalling` (the `LlmAsJudge` metrics, as adk-python's
 * `build_judge_request_config`), automatic function calling is switched off:
 * a judge never calls tools.
 */
export function buildJudgeRequest(
  judgeModelName: string,
  judgeModelConfig: GenerateContentConfig | undefined,
  prompt: string,
  { disableAutomaticFunctionCalling = false }: { disableAutomaticFunctionCalling?: boolean } = {},
): LlmRequest {
  const config: GenerateContentConfig = judgeModelConfig ? structuredClone(judgeModelConfig) : {};
  if (disableAutomaticFunctionCalling) config.automaticFunctionCalling = { disable: true };
  const request = createLlmRequest({
    model: judgeModelName,
    contents: [{ role: 'user', parts: [{ text: prompt }] }],
    config,
  });
  addDefaultRetryOptionsIfNotPresent(request);
  return request;
}

/**
 * The first response of one non-streaming call to the judge, or `undefined`
 * when the call yields none. The generator is closed after the first
 * response, as Python's `Aclosing` does.
 */
export async function sampleJudge(
  judgeModel: BaseLlm,
  request: LlmRequest,
): Promise<LlmResponse | undefined> {
  for await (const response of judgeModel.generateContentAsync(request, false)) {
    return response;
  }
  return undefined;
}
