import { BaseAgent } from '../agents/base-agent.js';
import type { ChildRunner, ChildRunRequest } from '../context/child-runner.js';
import type { PluginManagerContract } from '../context/plugin-manager-contract.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { Event } from '../events/event.js';
import { InMemoryMemoryService } from '../memory/in-memory-memory-service.js';
import type { BasePlugin } from '../plugins/base-plugin.js';
import { PluginManager } from '../plugins/plugin-manager.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { App } from './app.js';
import type { Runner } from './runner.js';
import type { RunnerConfig } from './runner-requests.js';

/**
 * The Runner's `ChildRunner`: each run builds a real `Runner`, as Python's
 * AgentTool does (`Runner(agent, artifact_service, session_service=
 * InMemorySessionService(), memory_service=InMemoryMemoryService(),
 * credential_service, plugins)`), creates the child's session in its fresh
 * session service and yields what `runner.runAsync` yields. The child
 * Runner's app is named after the agent (an identifier) and stores the
 * session under the request's `appName`, which may be any name its parent
 * app had. It is never closed: the agent's toolsets belong to the caller's
 * tree. `newRunner` builds a Runner (runner.ts passes its constructor, which
 * this file cannot import without a cycle).
 */
export class RunnerChildRuns implements ChildRunner {
  constructor(private readonly newRunner: (config: RunnerConfig) => Runner) {}

  /**
   * Runs `request.agent` as `ChildRunner` describes. Throws
   * `InvalidArgumentError` when the agent is not a `BaseAgent` or the plugins
   * are not a `PluginManager` (a Runner needs both).
   */
  async *run(request: ChildRunRequest): AsyncGenerator<Event, void, undefined> {
    const { agent } = request;
    if (!(agent instanceof BaseAgent)) {
      throw new InvalidArgumentError({
        message: `Agent ${agent.name} cannot run in a child Runner: it is not a BaseAgent.`,
        argument: 'agent',
      });
    }
    const sessionService = new InMemorySessionService();
    const runner = this.newRunner({
      app: new App({
        name: agent.name,
        rootAgent: agent,
        ...(request.authProviderRegistry
          ? { authProviderRegistry: request.authProviderRegistry }
          : {}),
      }),
      appName: request.appName,
      plugins: pluginsOf(request.plugins),
      sessionService,
      artifactService: request.artifactService,
      memoryService: new InMemoryMemoryService(),
      ...(request.credentialService ? { credentialService: request.credentialService } : {}),
    });
    const session = await sessionService.createSession({
      appName: request.appName,
      userId: request.userId,
      state: { ...request.state },
    });
    yield* runner.runAsync({
      userId: session.userId,
      sessionId: session.id,
      newMessage: request.message,
      ...(request.abortSignal ? { abortSignal: request.abortSignal } : {}),
    });
  }
}

function pluginsOf(manager: PluginManagerContract | undefined): readonly BasePlugin[] {
  if (manager === undefined) return [];
  if (manager instanceof PluginManager) return manager.plugins;
  throw new InvalidArgumentError({
    message: 'A child run takes its plugins from a PluginManager.',
    argument: 'plugins',
  });
}
