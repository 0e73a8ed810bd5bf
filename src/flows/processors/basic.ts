import { setOutputSchema } from '../../models/llm-request.js';
import { deepClone } from '../../utils/deep-clone.js';
import type { LlmRequestProcessor } from '../llm-processor.js';
import { canUseOutputSchemaWithTools } from '../output-schema-support.js';

/**
 * Sets the model, a copy of the agent's generation config, the output
 * schema (when the agent has no tools, or the model takes both) and the
 * live-connection settings of the run (spec 000 §3.3).
 */
export const basicRequestProcessor: LlmRequestProcessor = {
  async *runAsync(context, request, agent) {
    const model = agent.canonicalModel;
    request.model = model.model;
    request.config = agent.generateContentConfig ? deepClone(agent.generateContentConfig) : {};
    if (agent.outputSchema && (agent.tools.length === 0 || canUseOutputSchemaWithTools(model))) {
      setOutputSchema(request, agent.outputSchema.declaration);
    }
    const run = context.runConfig;
    const live = request.liveConnectConfig as Record<string, unknown>;
    const copy = (key: string, value: unknown): void => {
      if (value !== undefined) live[key] = value;
    };
    copy('responseModalities', run.responseModalities);
    copy('speechConfig', run.speechConfig);
    copy('outputAudioTranscription', run.outputAudioTranscription);
    copy('inputAudioTranscription', run.inputAudioTranscription);
    copy('realtimeInputConfig', run.realtimeInputConfig);
    copy('enableAffectiveDialog', run.enableAffectiveDialog);
    copy('proactivity', run.proactivity);
    copy('sessionResumption', run.sessionResumption);
    copy('contextWindowCompression', run.contextWindowCompression);
  },
};
