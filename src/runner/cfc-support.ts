import type { BaseAgent } from '../agents/base-agent.js';
import { LlmAgent } from '../agents/llm-agent.js';
import { BuiltInCodeExecutor } from '../code-executors/built-in-code-executor.js';
import type { RunConfig } from '../context/run-config.js';
import { InvalidRunConfigError } from '../errors/invalid-run-config-error.js';

/**
 * Prepares the root agent for compositional function calling when the run
 * asks for it (`supportCfc`; Python `Runner._new_invocation_context`): its
 * model must be a Gemini 2 model (`gemini-2…`), else
 * `InvalidRunConfigError` (field `supportCfc`), and it is given a
 * `BuiltInCodeExecutor` unless it has one. Other agents are left alone.
 */
export function prepareCfcSupport(runConfig: RunConfig, rootAgent: BaseAgent): void {
  if (!runConfig.supportCfc || !(rootAgent instanceof LlmAgent)) return;
  const modelName = rootAgent.canonicalModel.model;
  if (!modelName.startsWith('gemini-2')) {
    throw new InvalidRunConfigError({
      field: 'supportCfc',
      message: `CFC is not supported for model: ${modelName} in agent: ${rootAgent.name}`,
    });
  }
  if (!(rootAgent.codeExecutor instanceof BuiltInCodeExecutor)) {
    rootAgent.codeExecutor = new BuiltInCodeExecutor();
  }
}
