import { describe, expect, it, vi } from 'vitest';
import { InMemoryArtifactService } from '../artifacts/in-memory-artifact-service.js';
import { LlmCallsLimitExceededError } from '../errors/llm-calls-limit-exceeded-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { ServiceNotConfiguredError } from '../errors/service-not-configured-error.js';
import { createEvent } from '../events/event.js';
import { InMemoryMemoryService } from '../memory/in-memory-memory-service.js';
import { PluginManager } from '../plugins/plugin-manager.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { ScriptedAgent } from '../testing/test-agents.js';
import { setLogger } from '../utils/logger.js';
import { Context } from './context.js';
import { InvocationContext, type InvocationContextInit } from './invocation-context.js';
import { createRunConfig, DEFAULT_MAX_LLM_CALLS, StreamingMode } from './run-config.js';

async function makeContext(overrides: Partial<InvocationContextInit> = {}) {
  const sessionService = new InMemorySessionService();
  const session = await sessionService.createSession({
    appName: 'app',
    userId: 'u',
    sessionId: 's',
    state: { existing: 1 },
  });
  const child = new ScriptedAgent({
    name: 'child',
    subAgents: [new ScriptedAgent({ name: 'grandchild' })],
  });
  const root = new ScriptedAgent({ name: 'root', subAgents: [child] });
  return new InvocationContext({
    sessionService,
    pluginManager: new PluginManager(),
    invocationId: 'e-1',
    agent: root,
    session,
    runConfig: createRunConfig(),
    ...overrides,
  });
}

describe('RunConfig (spec 003 §18, issue 2 §5)', () => {
  it('defaults to no streaming and 500 model calls', () => {
    expect(createRunConfig()).toEqual({
      streamingMode: StreamingMode.NONE,
      maxLlmCalls: DEFAULT_MAX_LLM_CALLS,
    });
    expect(DEFAULT_MAX_LLM_CALLS).toBe(500);
    expect(StreamingMode).toEqual({ NONE: 'none', SSE: 'sse', BIDI: 'bidi' });
  });

  it('warns when maxLlmCalls disables the limit', () => {
    const warn = vi.fn();
    setLogger({ debug: () => {}, info: () => {}, warn, error: () => {} });
    try {
      createRunConfig({ maxLlmCalls: 0 });
      createRunConfig({ maxLlmCalls: 5 });
    } finally {
      setLogger();
    }
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain('max_llm_calls is less than or equal to 0');
  });
});

describe('InvocationContext (spec 000 §1.3, §5.5, §10.2)', () => {
  it('enforces maxLlmCalls across copies, with Python’s message', async () => {
    const context = await makeContext({ runConfig: createRunConfig({ maxLlmCalls: 2 }) });
    const copy = context.copy({ branch: 'x' });
    context.incrementLlmCallCount();
    copy.incrementLlmCallCount();
    const error = (() => {
      try {
        context.incrementLlmCallCount();
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(LlmCallsLimitExceededError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe('Max number of llm calls limit of `2` exceeded');
  });

  it('shares one scoped-event scan across copies, so each request reads only new events (004 §10)', async () => {
    const context = await makeContext();
    const copy = context.copy({ branch: 'x', isolationScope: 'call-1' });
    expect(copy.scopedEventScan).toBe(context.scopedEventScan);
    expect(context.copy().scopedEventScan).toBe(context.scopedEventScan);
    const other = await makeContext();
    expect(other.scopedEventScan).not.toBe(context.scopedEventScan);
  });

  it('a limit of 0 or less is no limit', async () => {
    const warn = vi.fn();
    setLogger({ debug: () => {}, info: () => {}, warn, error: () => {} });
    try {
      const context = await makeContext({ runConfig: createRunConfig({ maxLlmCalls: -1 }) });
      for (let index = 0; index < 1_000; index++) context.incrementLlmCallCount();
      expect(context.llmCallCount).toBe(1_000);
    } finally {
      setLogger();
    }
  });

  it('copies share the session and agent states but not agent, branch or endInvocation', async () => {
    const context = await makeContext();
    const copy = context.copy({ branch: 'p.c' });
    copy.endInvocation = true;
    copy.setAgentState('root', { agentState: { current_sub_agent: 'child' } });
    expect(context.endInvocation).toBe(false);
    expect(context.branch).toBeUndefined();
    expect(copy.session).toBe(context.session);
    expect(context.agentStates['root']).toEqual({ current_sub_agent: 'child' });
    expect(copy).toBeInstanceOf(InvocationContext);
  });

  it('setAgentState follows Python: end clears state, state clears end, neither clears both', async () => {
    const context = await makeContext();
    context.setAgentState('a', { agentState: { x: 1 } });
    expect([context.agentStates['a'], context.endOfAgents['a']]).toEqual([{ x: 1 }, false]);
    context.setAgentState('a', { endOfAgent: true });
    expect([context.agentStates['a'], context.endOfAgents['a']]).toEqual([undefined, true]);
    context.setAgentState('a');
    expect(Object.hasOwn(context.endOfAgents, 'a')).toBe(false);
  });

  it('resetSubAgentStates clears every descendant', async () => {
    const context = await makeContext();
    context.setAgentState('child', { agentState: { a: 1 } });
    context.setAgentState('grandchild', { endOfAgent: true });
    context.resetSubAgentStates('root');
    expect(context.agentStates).toEqual({});
    expect(context.endOfAgents).toEqual({});
  });

  it('populateInvocationAgentStates rebuilds states from this invocation’s events only', async () => {
    const context = await makeContext();
    context.session.events.push(
      createEvent({ invocationId: 'e-0', author: 'old', actions: { agentState: { stale: true } } }),
      createEvent({
        invocationId: 'e-1',
        author: 'user',
        content: { role: 'user', parts: [{ text: 'hi' }] },
      }),
      createEvent({
        invocationId: 'e-1',
        author: 'seq',
        actions: { agentState: { current_sub_agent: 'a' } },
      }),
      createEvent({
        invocationId: 'e-1',
        author: 'a',
        content: { role: 'model', parts: [{ text: 'x' }] },
      }),
      createEvent({ invocationId: 'e-1', author: 'done', actions: { agentState: { y: 1 } } }),
      createEvent({ invocationId: 'e-1', author: 'done', actions: { endOfAgent: true } }),
    );
    context.populateInvocationAgentStates();
    expect(context.agentStates).toEqual({ seq: { current_sub_agent: 'a' }, a: {} });
    expect(context.endOfAgents).toEqual({ seq: false, a: false, done: true });
  });

  it('shouldPauseInvocation: resumable apps pause on a long-running call', async () => {
    const longRunning = createEvent({
      author: 'a',
      content: { role: 'model', parts: [{ functionCall: { name: 'f', id: 'lr' } }] },
      longRunningToolIds: ['lr'],
    });
    const other = createEvent({
      author: 'a',
      content: { role: 'model', parts: [{ functionCall: { name: 'f', id: 'x' } }] },
      longRunningToolIds: ['lr'],
    });
    expect((await makeContext()).shouldPauseInvocation(longRunning)).toBe(false);
    const resumable = await makeContext({ resumabilityConfig: { isResumable: true } });
    expect(resumable.shouldPauseInvocation(longRunning)).toBe(true);
    expect(resumable.shouldPauseInvocation(other)).toBe(false);
    expect(resumable.shouldPauseInvocation(createEvent({ author: 'a' }))).toBe(false);
  });

  it('shouldPauseInvocation: a long-running call answered after it does not pause (Python 2.x should_pause_invocation)', async () => {
    const resumable = await makeContext({ resumabilityConfig: { isResumable: true } });
    const call = createEvent({
      author: 'a',
      content: {
        role: 'model',
        parts: [
          { functionCall: { name: 'f', id: 'lr-1' } },
          { functionCall: { name: 'f', id: 'lr-2' } },
        ],
      },
      longRunningToolIds: ['lr-1', 'lr-2'],
    });
    const answer = (id: string) =>
      createEvent({
        author: 'a',
        content: { role: 'user', parts: [{ functionResponse: { name: 'f', id, response: {} } }] },
      });
    resumable.session.events.push(answer('lr-2'), call, answer('lr-1'));
    // lr-2's response came before the call: it answers nothing.
    expect(resumable.shouldPauseInvocation(call)).toBe(true);
    resumable.session.events.push(answer('lr-2'));
    expect(resumable.shouldPauseInvocation(call)).toBe(false);
    expect(resumable.pausesAfter([call])).toBe(false);
  });

  it('shouldPauseInvocation: a call whose sub-branch got a user answer is resuming, not pending (Python 2.x sub-branch rule)', async () => {
    const resumable = await makeContext({ resumabilityConfig: { isResumable: true } });
    const call = createEvent({
      author: 'a',
      content: { role: 'model', parts: [{ functionCall: { name: 'approve', id: 'call-1' } }] },
      longRunningToolIds: ['call-1'],
    });
    resumable.session.events.push(call);
    expect(resumable.shouldPauseInvocation(call)).toBe(true);
    resumable.session.events.push(
      createEvent({
        author: 'user',
        branch: 'wf.approve@call-1',
        content: { role: 'user', parts: [{ functionResponse: { name: 'x', id: 'ok' } }] },
      }),
    );
    expect(resumable.shouldPauseInvocation(call)).toBe(false);
  });

  it('getEvents filters by invocation and branch', async () => {
    const context = (await makeContext()).copy({ branch: 'p.a' });
    context.session.events.push(
      createEvent({ invocationId: 'e-1', author: 'a', branch: 'p.a' }),
      createEvent({ invocationId: 'e-1', author: 'b', branch: 'p.b' }),
      createEvent({ invocationId: 'e-2', author: 'a', branch: 'p.a' }),
    );
    expect(context.getEvents({ currentInvocation: true }).map((event) => event.author)).toEqual([
      'a',
      'b',
    ]);
    expect(
      context
        .getEvents({ currentInvocation: true, currentBranch: true })
        .map((event) => event.author),
    ).toEqual(['a']);
  });
});

describe('Context (spec 001 "Dirty Reads"; issue 2 §4)', () => {
  it('state writes are visible at once to other contexts and recorded in this context’s delta', async () => {
    const invocation = await makeContext();
    const writer = new Context(invocation);
    const reader = new Context(invocation);
    writer.state.set('field_1', 'value_1');
    expect(reader.state.get('field_1')).toBe('value_1');
    expect(writer.actions.stateDelta).toEqual({ field_1: 'value_1' });
    expect(reader.actions.stateDelta).toEqual({});
    expect(writer.state.get('existing')).toBe(1);
    expect(writer.agentName).toBe('root');
    expect([writer.appName, writer.userId, writer.sessionId, writer.invocationId]).toEqual([
      'app',
      'u',
      's',
      'e-1',
    ]);
  });

  it('artifact and memory calls need their services, and record artifact deltas', async () => {
    const bare = new Context(await makeContext());
    await expect(bare.loadArtifact('a.txt')).rejects.toSatisfy(
      ServiceNotConfiguredError.isInstance,
    );
    await expect(bare.searchMemory('x')).rejects.toSatisfy(ServiceNotConfiguredError.isInstance);
    const context = new Context(
      await makeContext({
        artifactService: new InMemoryArtifactService(),
        memoryService: new InMemoryMemoryService(),
      }),
    );
    expect(await context.saveArtifact('a.txt', { text: 'one' })).toBe(0);
    expect(await context.saveArtifact('a.txt', { text: 'two' })).toBe(1);
    expect(context.actions.artifactDelta).toEqual({ 'a.txt': 1 });
    expect(await context.loadArtifact('a.txt', 0)).toEqual({ text: 'one' });
    expect(await context.listArtifacts()).toEqual(['a.txt']);
    context.invocation.session.events.push(
      createEvent({
        author: 'user',
        content: { role: 'user', parts: [{ text: 'remember the tides' }] },
      }),
    );
    await context.addSessionToMemory();
    expect((await context.searchMemory('tides')).memories).toHaveLength(1);
  });

  it('confirmation and credential requests need a tool context', async () => {
    const invocation = await makeContext();
    expect(() => new Context(invocation).requestConfirmation({ hint: 'ok?' })).toThrow(
      InvalidArgumentError,
    );
    const tool = new Context(invocation, { functionCallId: 'call-1' });
    tool.requestConfirmation({ hint: 'ok?', payload: { amount: 3 } });
    tool.requestCredential({ authScheme: { type: 'apiKey', in: 'header', name: 'X-Key' } });
    expect(tool.actions.requestedToolConfirmations).toEqual({
      'call-1': { confirmed: false, hint: 'ok?', payload: { amount: 3 } },
    });
    expect(tool.actions.requestedAuthConfigs).toMatchObject({
      'call-1': { authScheme: { type: 'apiKey', in: 'header', name: 'X-Key' } },
    });
  });
});
