import { describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import { BuiltInCodeExecutor } from '../code-executors/built-in-code-executor.js';
import { LiveRequestQueue } from '../context/live-request-queue.js';
import { createRunConfig } from '../context/run-config.js';
import { InvalidRunConfigError } from '../errors/invalid-run-config-error.js';
import { ScriptedLiveLlm } from '../testing/scripted-live-llm.js';
import { prepareCfcSupport } from './cfc-support.js';
import { InMemoryRunner } from './in-memory-runner.js';

// adk-python runners.py _new_invocation_context: support_cfc needs a gemini-2 model
// and gives the root agent the built-in code executor.

describe('supportCfc', () => {
  it('gives a Gemini 2 root agent the built-in code executor', () => {
    const agent = new LlmAgent({
      name: 'cfc',
      model: new ScriptedLiveLlm({ model: 'gemini-2.0-flash-live-001', turns: [] }),
    });
    prepareCfcSupport(createRunConfig({ supportCfc: true }), agent);
    expect(agent.codeExecutor).toBeInstanceOf(BuiltInCodeExecutor);
  });

  it('refuses any other model before the run starts', async () => {
    const model = new ScriptedLiveLlm({ turns: [] });
    const agent = new LlmAgent({ name: 'cfc', model });
    const runner = new InMemoryRunner({ agent, appName: 'app' });
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    const run = runner.runLive({
      userId: 'u',
      sessionId: 's',
      liveRequestQueue: new LiveRequestQueue(),
      runConfig: { supportCfc: true },
    });
    const error: unknown = await run.next().catch((caught: unknown) => caught);
    expect(InvalidRunConfigError.isInstance(error)).toBe(true);
    expect((error as InvalidRunConfigError).field).toBe('supportCfc');
    expect((error as Error).message).toBe(
      'CFC is not supported for model: scripted-live-llm in agent: cfc',
    );
    expect(model.connections).toHaveLength(0);
    expect(agent.codeExecutor).toBeUndefined();
  });
});
