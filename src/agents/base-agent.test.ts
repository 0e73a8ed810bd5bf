import { describe, expect, it } from 'vitest';
import { InvalidAgentConfigError } from '../errors/invalid-agent-config-error.js';
import { BasePlugin } from '../plugins/base-plugin.js';
import type { AgentHookArguments } from '../context/hook-arguments.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { ScriptedAgent, modelText, userText } from '../testing/test-agents.js';
import type { Event } from '../events/event.js';
import type { Content } from '../types/index.js';
import type { BaseAgent } from './base-agent.js';

async function run(
  agent: BaseAgent,
  plugins: BasePlugin[] = [],
): Promise<{ events: Event[]; runner: InMemoryRunner }> {
  const runner = new InMemoryRunner({ agent, appName: 'test_app', plugins });
  await runner.sessionService.createSession({ appName: 'test_app', userId: 'u', sessionId: 's' });
  const events: Event[] = [];
  for await (const event of runner.runAsync({
    userId: 'u',
    sessionId: 's',
    newMessage: userText('hi'),
  })) {
    events.push(event);
  }
  return { events, runner };
}

describe('BaseAgent identity and tree (issue 2 §4, spec 000 §1.3)', () => {
  it('rejects names that are not identifiers, with Python’s message', () => {
    for (const name of ['1agent', 'my-agent', 'has space', '', 'a.b']) {
      expect(() => new ScriptedAgent({ name })).toThrow(/Found invalid agent name/);
    }
    expect(
      InvalidAgentConfigError.isInstance(captureError(() => new ScriptedAgent({ name: 'a-b' }))),
    ).toBe(true);
  });

  it('accepts identifiers, including underscores and non-ASCII letters', () => {
    for (const name of ['agent', '_private', 'agent_2', 'ägent', 'Agent']) {
      expect(new ScriptedAgent({ name }).name).toBe(name);
    }
  });

  it('rejects the reserved name `user`', () => {
    expect(() => new ScriptedAgent({ name: 'user' })).toThrow(/reserved for end-user's input/);
  });

  it('wires parentAgent and finds agents depth first', () => {
    const leaf = new ScriptedAgent({ name: 'leaf' });
    const middle = new ScriptedAgent({ name: 'middle', subAgents: [leaf] });
    const other = new ScriptedAgent({ name: 'other' });
    const root = new ScriptedAgent({ name: 'root', subAgents: [middle, other] });
    expect(leaf.parentAgent).toBe(middle);
    expect(middle.parentAgent).toBe(root);
    expect(root.parentAgent).toBeUndefined();
    expect(leaf.rootAgent).toBe(root);
    expect(root.findAgent('root')).toBe(root);
    expect(root.findSubAgent('root')).toBeUndefined();
    expect(root.findAgent('leaf')).toBe(leaf);
    expect(root.findSubAgent('other')).toBe(other);
    expect(root.findAgent('missing')).toBeUndefined();
    expect(root.findAgent('constructor')).toBeUndefined();
  });

  it('refuses to give an agent a second parent', () => {
    const child = new ScriptedAgent({ name: 'child' });
    new ScriptedAgent({ name: 'first', subAgents: [child] });
    expect(() => new ScriptedAgent({ name: 'second', subAgents: [child] })).toThrow(
      'Agent `child` already has a parent agent, current parent: `first`, trying to add: `second`',
    );
  });

  it('refuses duplicate sub-agent names', () => {
    expect(
      () =>
        new ScriptedAgent({
          name: 'root',
          subAgents: [new ScriptedAgent({ name: 'a' }), new ScriptedAgent({ name: 'a' })],
        }),
    ).toThrow('Found duplicate sub-agent names: `a`. All sub-agents must have unique names.');
  });
});

describe('BaseAgent.clone (issue 2 §4)', () => {
  it('deep-clones sub-agents, drops the parent and applies updates', () => {
    const child = new ScriptedAgent({ name: 'child', description: 'c' });
    const root = new ScriptedAgent({ name: 'root', description: 'r', subAgents: [child] });
    const copy = child.clone({ description: 'changed' });
    expect(copy).toBeInstanceOf(ScriptedAgent);
    expect(copy.parentAgent).toBeUndefined();
    expect(copy.description).toBe('changed');
    expect(child.description).toBe('c');
    const rootCopy = root.clone({ name: 'root_copy' });
    expect(rootCopy.name).toBe('root_copy');
    expect(rootCopy.subAgents[0]).not.toBe(child);
    expect(rootCopy.subAgents[0]!.name).toBe('child');
    expect(rootCopy.subAgents[0]!.parentAgent).toBe(rootCopy);
    expect(child.parentAgent).toBe(root);
  });

  it('uses given sub-agents as they are and rejects parentAgent and unknown fields', () => {
    const root = new ScriptedAgent({ name: 'root' });
    const fresh = new ScriptedAgent({ name: 'fresh' });
    const copy = root.clone({ subAgents: [fresh] });
    expect(copy.subAgents).toEqual([fresh]);
    expect(fresh.parentAgent).toBe(copy);
    expect(() => root.clone({ parentAgent: copy })).toThrow(/Cannot update `parent_agent`/);
    expect(() => root.clone({ notAField: 1 })).toThrow(
      /Cannot update nonexistent fields in ScriptedAgent: notAField/,
    );
  });
});

describe('BaseAgent.runAsync lifecycle (spec 000 §2.1, §9)', () => {
  it('runs the implementation between before and after callbacks', async () => {
    const calls: string[] = [];
    const agent = new ScriptedAgent({
      name: 'agent',
      steps: [() => void calls.push('impl'), { content: modelText('done') }],
      beforeAgentCallback: () => void calls.push('before'),
      afterAgentCallback: async () => {
        calls.push('after');
      },
    });
    const { events } = await run(agent);
    expect(calls).toEqual(['before', 'impl', 'after']);
    expect(events.map((event) => event.content?.parts?.[0]?.text)).toEqual(['done']);
  });

  it('before callback content skips the run, is authored by the agent and ends the invocation', async () => {
    const agent = new ScriptedAgent({
      name: 'agent',
      steps: [{ content: modelText('should not run') }],
      beforeAgentCallback: () => modelText('skipped'),
      afterAgentCallback: () => modelText('after must not run'),
    });
    const { events } = await run(agent);
    expect(agent.runs).toBe(0);
    expect(events).toHaveLength(1);
    expect(events[0]!.author).toBe('agent');
    expect(events[0]!.content?.parts?.[0]?.text).toBe('skipped');
  });

  it('a list of callbacks runs in order until one returns content (first non-undefined wins)', async () => {
    const calls: string[] = [];
    const agent = new ScriptedAgent({
      name: 'agent',
      beforeAgentCallback: [
        () => void calls.push('first'),
        async () => {
          calls.push('second');
          return modelText('from second');
        },
        () => {
          calls.push('third');
          return modelText('from third');
        },
      ],
    });
    const { events } = await run(agent);
    expect(calls).toEqual(['first', 'second']);
    expect(events[0]!.content?.parts?.[0]?.text).toBe('from second');
  });

  it('state written by a callback without content becomes its own event before the run', async () => {
    const agent = new ScriptedAgent({
      name: 'agent',
      steps: [
        (context) => {
          expect(context.session.state['seen']).toBe('yes');
        },
        { content: modelText('ran') },
      ],
      beforeAgentCallback: ({ context }) => {
        context.state.set('seen', 'yes');
      },
    });
    const { events, runner } = await run(agent);
    expect(events[0]!.actions.stateDelta).toEqual({ seen: 'yes' });
    expect(events[0]!.content).toBeUndefined();
    expect(events[1]!.content?.parts?.[0]?.text).toBe('ran');
    const session = await runner.sessionService.getSession({
      appName: 'test_app',
      userId: 'u',
      sessionId: 's',
    });
    expect(session!.state['seen']).toBe('yes');
  });

  it('after callback content is yielded as a last event', async () => {
    const agent = new ScriptedAgent({
      name: 'agent',
      steps: [{ content: modelText('main') }],
      afterAgentCallback: ({ agent: self }) => modelText(`after ${self.name}`),
    });
    const { events } = await run(agent);
    expect(events.map((event) => event.content?.parts?.[0]?.text)).toEqual(['main', 'after agent']);
    expect(events[1]!.author).toBe('agent');
  });

  it('plugins run before agent callbacks and their content wins', async () => {
    const calls: string[] = [];
    class Guard extends BasePlugin {
      override beforeAgentCallback({ agent }: AgentHookArguments): Content {
        calls.push(`plugin:${agent.name}`);
        return modelText('blocked by plugin');
      }
    }
    const agent = new ScriptedAgent({
      name: 'agent',
      steps: [{ content: modelText('no') }],
      beforeAgentCallback: () => void calls.push('agent callback'),
    });
    const { events } = await run(agent, [new Guard('guard')]);
    expect(calls).toEqual(['plugin:agent']);
    expect(events[0]!.content?.parts?.[0]?.text).toBe('blocked by plugin');
  });

  it('endInvocation set during the run skips the after callbacks', async () => {
    const agent = new ScriptedAgent({
      name: 'agent',
      steps: [
        { content: modelText('one') },
        (context) => {
          context.endInvocation = true;
        },
      ],
      afterAgentCallback: () => modelText('after'),
    });
    const { events } = await run(agent);
    expect(events.map((event) => event.content?.parts?.[0]?.text)).toEqual(['one']);
  });
});

function captureError(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  return undefined;
}
