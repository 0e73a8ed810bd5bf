import type { BaseAgent } from '../agents/base-agent.js';
import type { RunConfig } from '../context/run-config.js';

/**
 * The RunConfig a live run uses (Python `Runner.run_live` and
 * `_new_invocation_context_for_live`), as a copy: answers in audio when no
 * modality is set (native-audio models require it), and, when the root
 * agent has sub-agents, input transcription and (for audio answers) output
 * transcription turned on, because the agent a transfer hands the session
 * to reads the conversation from the transcripts.
 */
export function liveRunConfig(runConfig: RunConfig, rootAgent: BaseAgent): RunConfig {
  const live: RunConfig = { ...runConfig };
  live.responseModalities ??= ['AUDIO'];
  if (rootAgent.subAgents.length > 0) {
    if (live.responseModalities.includes('AUDIO')) live.outputAudioTranscription ??= {};
    live.inputAudioTranscription ??= {};
  }
  return live;
}
