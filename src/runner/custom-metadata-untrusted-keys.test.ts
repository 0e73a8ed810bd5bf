import { describe, expect, it } from 'vitest';
import type { Event } from '../events/event.js';
import { ScriptedAgent, modelText, userText } from '../testing/test-agents.js';
import { InMemoryRunner } from './in-memory-runner.js';

const json = (text: string): Record<string, unknown> => JSON.parse(text) as Record<string, unknown>;

describe('run-level customMetadata with prototype-named keys (issue 16 §5)', () => {
  it('is copied onto every event as own keys, the event’s own value winning', async () => {
    const agent = new ScriptedAgent({
      name: 'agent',
      steps: [
        { content: modelText('a') },
        { content: modelText('b'), customMetadata: json('{"__proto__": "own"}') },
      ],
    });
    const runner = new InMemoryRunner({ agent, appName: 'app' });
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    const events: Event[] = [];
    for await (const event of runner.runAsync({
      userId: 'u',
      sessionId: 's',
      newMessage: userText('hi'),
      runConfig: {
        customMetadata: json(
          '{"__proto__": {"polluted": "yes"}, "constructor": 1, "prototype": 2}',
        ),
      },
    }))
      events.push(event);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const session = await runner.sessionService.getSession({
      appName: 'app',
      userId: 'u',
      sessionId: 's',
    });
    for (const event of [...events, ...session!.events]) {
      const metadata = event.customMetadata!;
      expect(Object.getPrototypeOf(metadata)).toBe(Object.prototype);
      expect(Object.keys(metadata)).toEqual(['__proto__', 'constructor', 'prototype']);
    }
    expect(Object.getOwnPropertyDescriptor(events[1]!.customMetadata, '__proto__')?.value).toBe(
      'own',
    );
    expect(Object.getOwnPropertyDescriptor(events[0]!.customMetadata, '__proto__')?.value).toEqual({
      polluted: 'yes',
    });
  });
});
