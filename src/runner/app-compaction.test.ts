import { describe, expect, it } from 'vitest';
import { SequentialAgent } from '../agents/sequential-agent.js';
import { InvalidAgentConfigError } from '../errors/invalid-agent-config-error.js';
import { App } from './app.js';

// App.events_compaction_config is validated when the App is made; the
// default summarizer needs a model, so a root without one is refused then
// (adk-python raises the same message after the first invocation).

describe('App: eventsCompactionConfig', () => {
  it('refuses an invalid config', () => {
    const rootAgent = new SequentialAgent({ name: 'seq', subAgents: [] });
    expect(
      () => new App({ name: 'a', rootAgent, eventsCompactionConfig: { tokenThreshold: 3 } }),
    ).toThrow(InvalidAgentConfigError);
  });

  it('refuses a root agent without a model when no summarizer is given', () => {
    const rootAgent = new SequentialAgent({ name: 'seq', subAgents: [] });
    expect(
      () =>
        new App({
          name: 'a',
          rootAgent,
          eventsCompactionConfig: { compactionInterval: 2, overlapSize: 0 },
        }),
    ).toThrow('No LlmAgent model available for event compaction summarizer.');
  });
});
