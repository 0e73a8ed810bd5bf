import { describe, expect, it } from 'vitest';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { ScriptedAgent, modelText } from '../testing/test-agents.js';
import { serveApiServer } from './serve-api-server.js';
import { StaticAgentLoader } from './static-agent-loader.js';
import { userMessage } from './api-server-test-fixtures.js';

describe('urlPrefix and autoCreateSession', () => {
  it('serves the routes under the prefix too, and creates a missing session on /run', async () => {
    const prefixed = await serveApiServer({
      port: 0,
      urlPrefix: '/adk',
      autoCreateSession: true,
      agentLoader: new StaticAgentLoader({
        apps: {
          echo: new ScriptedAgent({ name: 'echo_agent', steps: [{ content: modelText('hi') }] }),
        },
      }),
      sessionService: new InMemorySessionService(),
    });
    try {
      expect(await (await fetch(`${prefixed.url}/adk/list-apps`)).json()).toEqual(['echo']);
      expect(await (await fetch(`${prefixed.url}/list-apps`)).json()).toEqual(['echo']);
      const run = await fetch(`${prefixed.url}/adk/run`, {
        method: 'POST',
        body: JSON.stringify({
          appName: 'echo',
          userId: 'u',
          sessionId: 'fresh',
          newMessage: userMessage('x'),
        }),
      });
      expect(run.status).toBe(200);
      const session = await fetch(`${prefixed.url}/adk/apps/echo/users/u/sessions/fresh`);
      expect(session.status).toBe(200);
      const artifacts = await fetch(
        `${prefixed.url}/adk/apps/echo/users/u/sessions/fresh/artifacts`,
      );
      expect(artifacts.status).toBe(400);
      expect(await artifacts.json()).toEqual({ detail: 'Artifact service is not configured.' });
      const memory = await fetch(`${prefixed.url}/adk/apps/echo/users/u/memory`, {
        method: 'PATCH',
        body: JSON.stringify({ sessionId: 'fresh' }),
      });
      expect(memory.status).toBe(400);
      expect(await memory.json()).toEqual({ detail: 'Memory service is not configured.' });
    } finally {
      await prefixed.close();
    }
  });
});
