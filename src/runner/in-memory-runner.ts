import type { BaseAgent } from '../agents/base-agent.js';
import { InMemoryArtifactService } from '../artifacts/in-memory-artifact-service.js';
import type { ResumabilityConfig } from '../context/app-configs.js';
import { InMemoryMemoryService } from '../memory/in-memory-memory-service.js';
import type { BasePlugin } from '../plugins/base-plugin.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import type { App } from './app.js';
import { Runner } from './runner.js';

/** Fields of an InMemoryRunner. */
export interface InMemoryRunnerConfig {
  app?: App;
  agent?: BaseAgent;
  /** Defaults to `app.name`, or `InMemoryRunner` for a bare agent. */
  appName?: string;
  plugins?: readonly BasePlugin[];
  resumabilityConfig?: ResumabilityConfig;
  autoCreateSession?: boolean;
}

/**
 * A Runner with in-memory session, artifact and memory services (Python
 * `InMemoryRunner`), for tests, examples and local experiments.
 */
export class InMemoryRunner extends Runner {
  constructor(config: InMemoryRunnerConfig) {
    super({
      ...config,
      ...(config.agent && !config.appName ? { appName: 'InMemoryRunner' } : {}),
      sessionService: new InMemorySessionService(),
      artifactService: new InMemoryArtifactService(),
      memoryService: new InMemoryMemoryService(),
    });
  }
}
