import type { InvocationContext } from '../context/invocation-context.js';
import { runPostInvocationCompaction } from '../flows/compaction/run-compaction.js';
import type { App } from './app.js';

/**
 * The Runner's step after an invocation's events are all stored (Python
 * `run_async`, after the run's plugins' after-run hooks): when the app has
 * an `eventsCompactionConfig`, the token threshold (unless a model call of
 * the invocation already compacted for it) and then the sliding window are
 * checked, and a summary event is appended to the session when one
 * triggers. The summary is not yielded (the caller sees it in the session).
 * Never throws: a failed summary is logged and tried again at the next trigger.
 */
export async function compactAfterInvocation(
  app: App | undefined,
  context: InvocationContext,
): Promise<void> {
  const config = app?.eventsCompactionConfig;
  if (!config) return;
  await runPostInvocationCompaction({
    config,
    session: context.session,
    sessionService: context.sessionService,
    agent: app.rootAgent,
    skipTokenCompaction: context.tokenCompactionChecked,
  });
}
