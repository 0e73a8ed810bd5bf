import { hasTokenThresholdConfig } from '../../context/events-compaction-config.js';
import { runTokenThresholdCompaction } from '../compaction/run-compaction.js';
import type { LlmRequestProcessor } from '../llm-processor.js';

/**
 * Token-threshold compaction before a model call (Python
 * `CompactionRequestProcessor`), placed before the contents processor so a
 * summary written here already replaces its range in this request. Runs
 * only when the app's config has the token pair; the prompt is estimated
 * for the running agent and branch. A summary written marks the invocation
 * (`tokenCompactionChecked`), so the Runner does not check the token
 * threshold again after it.
 */
export const compactionRequestProcessor: LlmRequestProcessor = {
  async *runAsync(context, _request, agent) {
    const config = context.eventsCompactionConfig;
    if (!hasTokenThresholdConfig(config)) return;
    const compacted = await runTokenThresholdCompaction({
      config,
      session: context.session,
      sessionService: context.sessionService,
      agent,
      agentName: agent.name,
      ...(context.branch === undefined ? {} : { currentBranch: context.branch }),
    });
    if (compacted) context.tokenCompactionChecked = true;
  },
};
