import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { InvalidAgentConfigError } from '../errors/invalid-agent-config-error.js';
import { BasePlugin } from '../plugins/base-plugin.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { ScriptedAgent, userText } from '../testing/test-agents.js';
import { App } from './app.js';
import { InMemoryRunner } from './in-memory-runner.js';
import { Runner } from './runner.js';
import { ids, collect } from './runner-test-fixtures.js';

describe('Runner construction and App (issue 2 §5)', () => {
  const agent = () => new ScriptedAgent({ name: 'agent' });
  const sessionService = new InMemorySessionService();

  it('needs exactly one of app or agent, and an appName with an agent', () => {
    expect(() => new Runner({ sessionService })).toThrow(InvalidArgumentError);
    expect(() => new Runner({ agent: agent(), sessionService })).toThrow(/appName is required/);
    const app = new App({ name: 'my_app', rootAgent: agent() });
    expect(() => new Runner({ app, agent: agent(), sessionService })).toThrow(
      /either an app or an agent/,
    );
    expect(new Runner({ app, sessionService }).appName).toBe('my_app');
  });

  it('validates app names as Python does', () => {
    expect(() => new App({ name: 'bad-name', rootAgent: agent() })).toThrow(
      InvalidAgentConfigError,
    );
    expect(() => new App({ name: 'user', rootAgent: agent() })).toThrow(/reserved/);
  });

  it('InMemoryRunner defaults the app name to InMemoryRunner', () => {
    expect(new InMemoryRunner({ agent: agent() }).appName).toBe('InMemoryRunner');
  });

  it('runs an App’s plugins', async () => {
    const seen: string[] = [];
    class Tap extends BasePlugin {
      override beforeRunCallback(): undefined {
        seen.push('tap');
        return undefined;
      }
    }
    const runner = new InMemoryRunner({
      app: new App({ name: 'app', rootAgent: agent(), plugins: [new Tap('tap')] }),
    });
    await runner.sessionService.createSession(ids);
    await collect(runner.runAsync({ ...ids, newMessage: userText('hi') }));
    expect(seen).toEqual(['tap']);
  });
});
