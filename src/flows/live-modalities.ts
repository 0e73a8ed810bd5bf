import type { RunConfig } from '../context/run-config.js';
import { InvalidRunConfigError } from '../errors/invalid-run-config-error.js';
import type { BaseLlm } from '../models/base-llm.js';

/**
 * Throws `InvalidRunConfigError` (field `responseModalities`) when the run
 * asks the model for answers in a modality its live sessions do not offer
 * (`BaseLlm.liveResponseModalities`), e.g. audio from a text-only model;
 * does nothing when the model does not say what it offers.
 */
export function checkLiveResponseModalities(runConfig: RunConfig, model: BaseLlm): void {
  const offered = model.liveResponseModalities;
  if (!offered) return;
  const asked = runConfig.responseModalities ?? [];
  const refused = asked.filter((modality) => !offered.includes(modality));
  if (refused.length === 0) return;
  throw new InvalidRunConfigError({
    field: 'responseModalities',
    message:
      `The live model ${model.model} answers in ${offered.join(', ')} only, but the run asks for ` +
      `${refused.join(', ')}. Set runConfig.responseModalities to ${JSON.stringify([...offered].slice(0, 1))} ` +
      'or use a model that answers in the modality asked for.',
  });
}
