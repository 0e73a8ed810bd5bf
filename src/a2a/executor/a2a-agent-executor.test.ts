import type { Message, Part as A2aPart, Task, TaskStatusUpdateEvent } from '@a2a-js/sdk';
import {
  DefaultExecutionEventBus,
  RequestContext,
  ServerCallContext,
  type AgentExecutionEvent,
  type User,
} from '@a2a-js/sdk/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BaseAgent } from '../../agents/base-agent.js';
import { LlmAgent } from '../../agents/llm-agent.js';
import type { InvocationContext } from '../../context/invocation-context.js';
import { createEvent, type Event, type EventInit } from '../../events/event.js';
import { InMemoryRunner } from '../../runner/in-memory-runner.js';
import type { Runner } from '../../runner/runner.js';
import { ScriptedLlm, functionCallResponse, textResponse } from '../../testing/scripted-llm.js';
import { LongRunningFunctionTool } from '../../tools/long-running-function-tool.js';
import { A2aRole, A2aTaskState } from '../converters/a2a-enums.js';
import { eventToA2aStatusUpdates } from '../converters/event-converter.js';
import { a2aRequestToRunRequest } from '../converters/request-converter.js';
import { captureLogs } from '../log-capture-test-fixtures.js';
import { A2aAgentExecutor } from './a2a-agent-executor.js';
import type { A2aAgentExecutorConfig } from './a2a-agent-executor-config.js';

// Cases of adk-python's tests/unittests/a2a/executor/test_a2a_agent_executor.py,
// run on a real Runner and the SDK's own event bus.

type Script = (context: InvocationContext) => Omit<EventInit, 'author' | 'invocationId'>[];

/** Yields the events its script gives for each run (or throws what the script throws). */
class ScriptedAgent extends BaseAgent {
  constructor(private readonly script: Script) {
    super({ name: 'scripted_agent' });
  }
  protected override async *runAsyncImpl(context: InvocationContext): AsyncGenerator<Event> {
    for (const init of this.script(context)) {
      yield createEvent({ ...init, author: this.name, invocationId: context.invocationId });
    }
  }
}

function runnerFor(script: Script): InMemoryRunner {
  return new InMemoryRunner({ agent: new ScriptedAgent(script), appName: 'test_app' });
}

function textPart(value: string): A2aPart {
  return { content: { $case: 'text', value }, metadata: undefined, filename: '', mediaType: '' };
}

function userMessage(value: string): Message {
  return {
    messageId: 'test-message-id',
    contextId: 'test-context-id',
    taskId: '',
    role: A2aRole.user,
    parts: [textPart(value)],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

interface Execution {
  message?: Message;
  taskId?: string;
  contextId?: string;
  task?: Task;
  user?: User;
  metadata?: Record<string, unknown>;
}

async function execute(
  executor: A2aAgentExecutor,
  {
    message = userMessage('test'),
    taskId = 'test-task-id',
    contextId = 'test-context-id',
    task,
    user,
    metadata,
  }: Execution = {},
): Promise<AgentExecutionEvent[]> {
  const bus = new DefaultExecutionEventBus();
  const events: AgentExecutionEvent[] = [];
  bus.on('event', (event) => events.push(event));
  const request = { tenant: '', message, configuration: undefined, metadata };
  const context = new RequestContext(
    request,
    taskId,
    contextId,
    new ServerCallContext(user ? { user } : {}),
    task,
  );
  await executor.execute(context, bus);
  return events;
}

function statusUpdates(events: AgentExecutionEvent[]): TaskStatusUpdateEvent[] {
  return events.flatMap((event) => (event.kind === 'statusUpdate' ? [event.data] : []));
}

function finalUpdate(events: AgentExecutionEvent[]): TaskStatusUpdateEvent {
  const last = events.at(-1);
  if (last?.kind !== 'statusUpdate')
    throw new TypeError('The run did not end with a status update');
  return last.data;
}

function textOf(parts: readonly A2aPart[] | undefined): string {
  return (parts ?? [])
    .map((part) => (part.content?.$case === 'text' ? part.content.value : ''))
    .join('');
}

const logs = captureLogs();
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('A2aAgentExecutor: the task sequence', () => {
  it('submits a new task, works with the session metadata, streams the events and completes with an artifact', async () => {
    const runner = runnerFor(() => [
      { content: { role: 'model', parts: [{ text: 'thinking' }] } },
      { content: { role: 'model', parts: [{ text: 'the answer' }] } },
    ]);
    const events = await execute(new A2aAgentExecutor({ runner }));
    expect(events.map((event) => event.kind)).toEqual([
      'task',
      'statusUpdate',
      'statusUpdate',
      'statusUpdate',
      'artifactUpdate',
      'statusUpdate',
    ]);
    const [submitted, working] = events;
    expect(submitted?.kind === 'task' && submitted.data).toMatchObject({
      id: 'test-task-id',
      contextId: 'test-context-id',
      status: { state: A2aTaskState.submitted },
      history: [{ messageId: 'test-message-id', taskId: 'test-task-id' }],
    });
    const sessionMetadata = {
      adk_app_name: 'test_app',
      adk_user_id: 'A2A_USER_test-context-id',
      adk_session_id: 'test-context-id',
    };
    expect(working?.kind === 'statusUpdate' && working.data).toMatchObject({
      status: { state: A2aTaskState.working, message: undefined },
      metadata: sessionMetadata,
    });
    const streamed = statusUpdates(events).slice(1, 3);
    expect(streamed.map((update) => textOf(update.status?.message?.parts))).toEqual([
      'thinking',
      'the answer',
    ]);
    const session = await runner.sessionService.getSession({
      appName: 'test_app',
      userId: 'A2A_USER_test-context-id',
      sessionId: 'test-context-id',
    });
    const lastEvent = session!.events.at(-1)!;
    const finalMetadata = {
      ...sessionMetadata,
      adk_invocation_id: lastEvent.invocationId,
      adk_author: 'scripted_agent',
      adk_event_id: lastEvent.id,
    };
    const artifact = events[4];
    expect(artifact?.kind === 'artifactUpdate' && artifact.data).toMatchObject({
      taskId: 'test-task-id',
      contextId: 'test-context-id',
      lastChunk: true,
      artifact: { parts: [textPart('the answer')] },
      metadata: finalMetadata,
    });
    expect(finalUpdate(events)).toMatchObject({
      taskId: 'test-task-id',
      contextId: 'test-context-id',
      status: { state: A2aTaskState.completed, message: undefined },
      metadata: finalMetadata,
    });
  });

  it('republishes an existing task first (the SDK wants a task first), then works on it', async () => {
    const runner = runnerFor(() => [{ content: { role: 'model', parts: [{ text: 'ok' }] } }]);
    const existing: Task = {
      id: 'existing-task-id',
      contextId: 'test-context-id',
      status: { state: A2aTaskState.inputRequired, message: undefined, timestamp: undefined },
      artifacts: [],
      history: [],
      metadata: undefined,
    };
    const events = await execute(new A2aAgentExecutor({ runner }), {
      taskId: 'existing-task-id',
      task: existing,
    });
    expect(events[0]).toEqual({ kind: 'task', data: existing });
    expect(events[1]?.kind === 'statusUpdate' && events[1].data.status?.state).toBe(
      A2aTaskState.working,
    );
    expect(finalUpdate(events).status?.state).toBe(A2aTaskState.completed);
  });

  it('completes a run without events, with no artifact and only the session metadata', async () => {
    const events = await execute(new A2aAgentExecutor({ runner: runnerFor(() => []) }));
    expect(events.map((event) => event.kind)).toEqual(['task', 'statusUpdate', 'statusUpdate']);
    expect(finalUpdate(events)).toMatchObject({
      status: { state: A2aTaskState.completed, message: undefined },
      metadata: {
        adk_app_name: 'test_app',
        adk_user_id: 'A2A_USER_test-context-id',
        adk_session_id: 'test-context-id',
      },
    });
    expect(finalUpdate(events).metadata).not.toHaveProperty('adk_invocation_id');
  });

  it('pauses input-required on a long-running call, without an artifact', async () => {
    const agent = new LlmAgent({
      name: 'asker',
      model: new ScriptedLlm({
        responses: [
          functionCallResponse('ask_approval', {}, 'call-1'),
          textResponse('waiting for approval'),
        ],
      }),
      tools: [
        new LongRunningFunctionTool({
          name: 'ask_approval',
          description: 'Asks the user to approve.',
          execute: () => ({ status: 'pending' }),
        }),
      ],
    });
    const runner = new InMemoryRunner({ agent, appName: 'test_app' });
    const events = await execute(new A2aAgentExecutor({ runner }));
    expect(events.some((event) => event.kind === 'artifactUpdate')).toBe(false);
    const final = finalUpdate(events);
    expect(final.status?.state).toBe(A2aTaskState.inputRequired);
    expect(final.status?.message?.parts[0]).toMatchObject({
      content: { $case: 'data', value: { id: 'call-1', name: 'ask_approval' } },
      metadata: { adk_type: 'function_call', adk_is_long_running: true },
    });
    // The call, its pending response and the text after them were all streamed as working.
    expect(
      statusUpdates(events)
        .slice(1, -1)
        .map((update) => update.status?.state),
    ).toEqual([A2aTaskState.working, A2aTaskState.working, A2aTaskState.working]);
  });

  it('pauses auth-required on a long-running credential request', async () => {
    const runner = runnerFor(() => [
      {
        longRunningToolIds: ['cred-1'],
        content: {
          role: 'model',
          parts: [{ functionCall: { id: 'cred-1', name: 'adk_request_credential', args: {} } }],
        },
      },
    ]);
    const final = finalUpdate(await execute(new A2aAgentExecutor({ runner })));
    expect(final.status?.state).toBe(A2aTaskState.authRequired);
  });

  it('fails the task with the message of an error event, whatever follows it', async () => {
    const runner = runnerFor(() => [
      { errorCode: 'MODEL_ERROR', errorMessage: 'model exploded' },
      { content: { role: 'model', parts: [{ text: 'after the error' }] } },
    ]);
    const events = await execute(new A2aAgentExecutor({ runner }));
    expect(events.some((event) => event.kind === 'artifactUpdate')).toBe(false);
    const final = finalUpdate(events);
    expect(final.status?.state).toBe(A2aTaskState.failed);
    expect(textOf(final.status?.message?.parts)).toBe('model exploded');
  });
});

describe('A2aAgentExecutor: failures', () => {
  const failing = () =>
    runnerFor(() => {
      throw new Error('No such file: /srv/secrets/sa-key.json');
    });

  it('tells the peer an error id only, and logs the error under it', async () => {
    const events = await execute(new A2aAgentExecutor({ runner: failing() }));
    expect(events[0]?.kind).toBe('task');
    const final = finalUpdate(events);
    expect(final.status?.state).toBe(A2aTaskState.failed);
    const text = textOf(final.status?.message?.parts);
    expect(text).toMatch(/^Agent execution failed\. \(error_id: [0-9a-f]{8}\)$/);
    const errorId = /error_id: ([0-9a-f]{8})/.exec(text)?.[1];
    expect(logs).toContainEqual({
      level: 'error',
      message: `Error handling A2A request [error_id=${errorId}]`,
    });
  });

  it('adds the error to the text when ADK_A2A_DEBUG_ERRORS is 1', async () => {
    vi.stubEnv('ADK_A2A_DEBUG_ERRORS', '1');
    const final = finalUpdate(await execute(new A2aAgentExecutor({ runner: failing() })));
    expect(textOf(final.status?.message?.parts)).toMatch(
      /^Agent execution failed\. \(error_id: [0-9a-f]{8}\): Error: No such file: \/srv\/secrets\/sa-key\.json$/,
    );
  });
});

describe('A2aAgentExecutor: session, user and runner', () => {
  it('creates the session on first use and keeps it for the context id', async () => {
    let seen = 0;
    const runner = runnerFor((context) => {
      seen = context.session.events.length;
      return [{ content: { role: 'model', parts: [{ text: 'hi' }] } }];
    });
    const executor = new A2aAgentExecutor({ runner });
    await execute(executor);
    expect(seen).toBe(1);
    await execute(executor, { taskId: 'second-task' });
    expect(seen).toBe(3);
  });

  it("runs as the caller's user name when the server gives one", async () => {
    const runner = runnerFor(() => []);
    const user: User = { isAuthenticated: true, userName: 'ann' };
    const events = await execute(new A2aAgentExecutor({ runner }), { user });
    expect(finalUpdate(events).metadata).toMatchObject({ adk_user_id: 'ann' });
    expect(
      await runner.sessionService.getSession({
        appName: 'test_app',
        userId: 'ann',
        sessionId: 'test-context-id',
      }),
    ).toBeDefined();
  });

  it("passes the request's metadata to the run as a2a_metadata", async () => {
    const runner = runnerFor(() => [{ content: { role: 'model', parts: [{ text: 'hi' }] } }]);
    const events = await execute(new A2aAgentExecutor({ runner }), { metadata: { k: 'v' } });
    expect(statusUpdates(events)[1]?.metadata?.['adk_custom_metadata']).toBe(
      '{"a2a_metadata": {"k": "v"}}',
    );
  });

  it.each([
    ['a function', (runner: Runner) => () => runner],
    ['an async function', (runner: Runner) => () => Promise.resolve(runner)],
  ])('resolves a runner given as %s once', async (_label, wrap) => {
    const runner = runnerFor(() => []);
    let calls = 0;
    const source = wrap(runner);
    const executor = new A2aAgentExecutor({
      runner: () => {
        calls += 1;
        return source();
      },
    });
    await execute(executor);
    await execute(executor, { taskId: 'again' });
    expect(calls).toBe(1);
  });
});

describe('A2aAgentExecutor: config', () => {
  it('converts with the configured request, event and part converters', async () => {
    const runner = runnerFor((context) => [
      {
        content: {
          role: 'model',
          parts: [{ text: `got ${context.userContent?.parts?.[0]?.text}` }],
        },
      },
    ]);
    const config: A2aAgentExecutorConfig = {
      a2aPartConverter: () => ({ text: 'from the part converter' }),
      genaiPartConverter: (part) => textPart(`<${part.text}>`),
      requestConverter: (input) => ({ ...a2aRequestToRunRequest(input), userId: 'custom-user' }),
      eventConverter: (event, context) =>
        eventToA2aStatusUpdates(event, context).map((update) => ({
          ...update,
          metadata: { ...update.metadata, converted: true },
        })),
    };
    const events = await execute(new A2aAgentExecutor({ runner, config }));
    const streamed = statusUpdates(events)[1];
    expect(textOf(streamed?.status?.message?.parts)).toBe('<got from the part converter>');
    expect(streamed?.metadata).toMatchObject({ converted: true, adk_user_id: 'custom-user' });
  });

  it('runs the interceptors: beforeAgent first, afterEvent on each update, afterAgent last first', async () => {
    const runner = runnerFor((context) => [
      { content: { role: 'model', parts: [{ text: 'keep' }] } },
      { content: { role: 'model', parts: [{ text: 'drop' }] } },
      {
        content: {
          role: 'model',
          parts: [{ text: `heard ${context.userContent?.parts?.[0]?.text}` }],
        },
      },
    ]);
    const order: string[] = [];
    const seenAdkEvents: string[] = [];
    const config: A2aAgentExecutorConfig = {
      executeInterceptors: [
        {
          beforeAgent: (context) =>
            new RequestContext(
              { ...context.request, message: userMessage('rewritten') },
              context.taskId,
              context.contextId,
              context.context,
              context.task,
            ),
          afterEvent: (executorContext, update, event) => {
            seenAdkEvents.push(`${executorContext.userId}:${event.content?.parts?.[0]?.text}`);
            return textOf(update.status?.message?.parts) === 'drop' ? undefined : update;
          },
          afterAgent: (_context, final) => {
            order.push('first');
            return { ...final, metadata: { ...final.metadata, first: true } };
          },
        },
        {
          afterEvent: (_context, update) => [update, update],
          afterAgent: (_context, final) => {
            order.push('second');
            return final;
          },
        },
      ],
    };
    const events = await execute(new A2aAgentExecutor({ runner, config }));
    expect(seenAdkEvents).toEqual([
      'A2A_USER_test-context-id:keep',
      'A2A_USER_test-context-id:drop',
      'A2A_USER_test-context-id:heard rewritten',
    ]);
    const streamed = statusUpdates(events).slice(1, -1);
    expect(streamed.map((update) => textOf(update.status?.message?.parts))).toEqual([
      'keep',
      'keep',
      'heard rewritten',
      'heard rewritten',
    ]);
    expect(order).toEqual(['second', 'first']);
    expect(finalUpdate(events).metadata).toMatchObject({ first: true });
  });
});
