import type { AgentContract } from '../context/agent-contract.js';
import { InvocationContext, type InvocationContextInit } from '../context/invocation-context.js';
import { createRunConfig } from '../context/run-config.js';
import { PluginManager } from '../plugins/plugin-manager.js';
import { RunnerChildRuns } from '../runner/child-runs.js';
import { Runner } from '../runner/runner.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { ScriptedAgent } from './test-agents.js';

/** Options of `createTestInvocationContext`: any InvocationContext field, plus initial state. */
export type TestInvocationContextOptions = Partial<InvocationContextInit> & {
  /** State the session is created with. */
  state?: Record<string, unknown>;
};

/**
 * A real InvocationContext over a fresh in-memory session (app `app`, user
 * `u`, session `s`), for testing agents, callbacks, tools and plugins outside
 * a Runner. The agent defaults to a `ScriptedAgent` named `root_agent`; the
 * child runner (AgentTool's) to the Runner's.
 */
export async function createTestInvocationContext(
  options: TestInvocationContextOptions = {},
): Promise<InvocationContext> {
  const { state, ...fields } = options;
  const sessionService = fields.sessionService ?? new InMemorySessionService();
  const session =
    fields.session ??
    (await sessionService.createSession({
      appName: 'app',
      userId: 'u',
      sessionId: 's',
      ...(state ? { state } : {}),
    }));
  const agent: AgentContract = fields.agent ?? new ScriptedAgent({ name: 'root_agent' });
  return new InvocationContext({
    pluginManager: new PluginManager(),
    invocationId: 'e-1',
    runConfig: createRunConfig(),
    childRunner: new RunnerChildRuns((config) => new Runner(config)),
    ...fields,
    sessionService,
    session,
    agent,
  });
}
