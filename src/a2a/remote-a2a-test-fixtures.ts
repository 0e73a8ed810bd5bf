import type { AddressInfo } from 'node:net';
import express from 'express';
import type { AgentCard, Message, Part, Task } from '@a2a-js/sdk';
import { Role, TaskState } from '@a2a-js/sdk';
import {
  AgentEvent,
  DefaultRequestHandler,
  InMemoryTaskStore,
  type AgentExecutor,
  type ExecutionEventBus,
  type RequestContext,
} from '@a2a-js/sdk/server';
import { UserBuilder, agentCardHandler, jsonRpcHandler } from '@a2a-js/sdk/server/express';

/** One A2A text part. */
export function textPart(text: string): Part {
  return {
    content: { $case: 'text', value: text },
    metadata: undefined,
    filename: '',
    mediaType: '',
  };
}

/** An agent message in the given task and context. */
export function agentMessage(parts: Part[], taskId = '', contextId = ''): Message {
  return {
    messageId: crypto.randomUUID(),
    contextId,
    taskId,
    role: Role.ROLE_AGENT,
    parts,
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

function textOf(message: Message): string {
  return message.parts
    .map((part) => (part.content?.$case === 'text' ? part.content.value : ''))
    .join('');
}

/** What the sample agent received: one entry per request. */
export interface ReceivedRequest {
  text: string;
  parts: Part[];
  taskId: string;
  contextId: string;
  hadTask: boolean;
  /** The request's metadata. */
  metadata: Record<string, unknown> | undefined;
}

/**
 * A small A2A agent written against the SDK's server, as the SDK's sample
 * agents are. What it does depends on the last user text:
 * - `task …`: a task that works (status message), then a `result.txt`
 *   artifact, then completes;
 * - `ask …`: a task that stops in `input-required` with a long-running
 *   `approve` function call; the answer (a function response in the same
 *   task) completes it with `approved: <answer>`;
 * - `chunks`: a task whose artifact comes in three chunks (`a`, then `b`
 *   and `c` appended, the last one marked last);
 * - `fail`: a task that fails with a status message;
 * - `hold`: a task that works (status message `holding`) until `release()`,
 *   then completes;
 * - anything else: a direct message `echo: <text>`.
 *
 * Its `cancelTask` only records the task id: it publishes nothing, so the
 * SDK's `tasks/cancel` never answers while the task is held (a remote whose
 * cancel hangs).
 */
export class SampleExecutor implements AgentExecutor {
  readonly received: ReceivedRequest[] = [];
  /** The task ids `tasks/cancel` was asked for, in order. */
  readonly cancelRequests: string[] = [];
  private markHolding: () => void = () => undefined;
  /** Resolved when a `hold` request is being held. */
  readonly holding = new Promise<void>((resolve) => (this.markHolding = resolve));
  private readonly held: (() => void)[] = [];

  async execute(context: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const message = context.userMessage;
    const text = textOf(message);
    const { taskId, contextId } = context;
    this.received.push({
      text,
      parts: message.parts,
      taskId,
      contextId,
      hadTask: !!context.task,
      metadata: context.request.metadata,
    });
    const status = (state: TaskState, reply?: Message) =>
      AgentEvent.statusUpdate({
        taskId,
        contextId,
        status: { state, message: reply, timestamp: new Date().toISOString() },
        metadata: undefined,
      });
    const newTask = (): Task => ({
      id: taskId,
      contextId,
      status: { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: undefined },
      artifacts: [],
      history: [message],
      metadata: undefined,
    });
    if (context.task) {
      // The answer to an input-required pause.
      const answer = message.parts.find((part) => part.content?.$case === 'data');
      const response =
        answer?.content?.$case === 'data'
          ? (answer.content.value as { response?: { result?: unknown } }).response?.result
          : undefined;
      bus.publish(AgentEvent.task(context.task));
      bus.publish(
        status(
          TaskState.TASK_STATE_COMPLETED,
          agentMessage([textPart(`approved: ${String(response)}`)], taskId, contextId),
        ),
      );
    } else if (text.startsWith('task')) {
      bus.publish(AgentEvent.task(newTask()));
      bus.publish(
        status(
          TaskState.TASK_STATE_WORKING,
          agentMessage([textPart('working on it')], taskId, contextId),
        ),
      );
      bus.publish(
        AgentEvent.artifactUpdate({
          taskId,
          contextId,
          artifact: {
            artifactId: 'a1',
            name: 'result.txt',
            description: '',
            parts: [textPart('the result')],
            metadata: undefined,
            extensions: [],
          },
          append: false,
          lastChunk: true,
          metadata: undefined,
        }),
      );
      bus.publish(status(TaskState.TASK_STATE_COMPLETED));
    } else if (text.startsWith('ask')) {
      bus.publish(AgentEvent.task(newTask()));
      const call: Part = {
        content: {
          $case: 'data',
          value: { id: 'call-1', name: 'approve', args: { amount: 5 } },
        },
        metadata: { adk_type: 'function_call', adk_is_long_running: true },
        filename: '',
        mediaType: '',
      };
      bus.publish(
        status(TaskState.TASK_STATE_INPUT_REQUIRED, agentMessage([call], taskId, contextId)),
      );
    } else if (text === 'chunks') {
      bus.publish(AgentEvent.task(newTask()));
      const chunk = (value: string, append: boolean, lastChunk: boolean) =>
        AgentEvent.artifactUpdate({
          taskId,
          contextId,
          artifact: {
            artifactId: 'c1',
            name: 'chunks.txt',
            description: '',
            parts: [textPart(value)],
            metadata: undefined,
            extensions: [],
          },
          append,
          lastChunk,
          metadata: undefined,
        });
      bus.publish(chunk('a', false, false));
      bus.publish(chunk('b', true, false));
      bus.publish(chunk('c', true, true));
      bus.publish(status(TaskState.TASK_STATE_COMPLETED));
    } else if (text === 'hold') {
      bus.publish(AgentEvent.task(newTask()));
      bus.publish(
        status(
          TaskState.TASK_STATE_WORKING,
          agentMessage([textPart('holding')], taskId, contextId),
        ),
      );
      await new Promise<void>((resolve) => {
        this.held.push(resolve);
        this.markHolding();
      });
      bus.publish(status(TaskState.TASK_STATE_COMPLETED));
    } else if (text === 'fail') {
      bus.publish(AgentEvent.task(newTask()));
      bus.publish(
        status(
          TaskState.TASK_STATE_FAILED,
          agentMessage([textPart('it broke')], taskId, contextId),
        ),
      );
    } else {
      bus.publish(AgentEvent.message(agentMessage([textPart(`echo: ${text}`)], '', contextId)));
    }
    bus.finished();
  }

  cancelTask(taskId: string): Promise<void> {
    this.cancelRequests.push(taskId);
    return Promise.resolve();
  }

  /** Lets every held task complete. */
  release(): void {
    for (const resolve of this.held.splice(0)) resolve();
  }
}

/** A running sample A2A server on 127.0.0.1. */
export interface SampleA2aServer {
  baseUrl: string;
  card: AgentCard;
  executor: SampleExecutor;
  close(): Promise<void>;
}

/** The sample agent's card for a server at `baseUrl`. */
export function sampleCard(baseUrl: string, streaming: boolean): AgentCard {
  return {
    name: 'sample_agent',
    description: 'Echoes, works on tasks and asks for approval.',
    supportedInterfaces: [
      {
        url: `${baseUrl}/a2a/jsonrpc`,
        protocolBinding: 'JSONRPC',
        tenant: '',
        protocolVersion: '1.0',
      },
    ],
    provider: undefined,
    version: '1.0.0',
    capabilities: { streaming, pushNotifications: false, extensions: [] },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [],
    signatures: [],
  };
}

/** Starts the sample agent (SDK request handler, in-memory task store, express) on a free port. */
export async function startSampleA2aServer({ streaming = true } = {}): Promise<SampleA2aServer> {
  const executor = new SampleExecutor();
  const app = express();
  let server: ReturnType<typeof app.listen> | undefined;
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', () => resolve());
  });
  const baseUrl = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  const card = sampleCard(baseUrl, streaming);
  const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), executor);
  app.use('/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: handler }));
  app.use(
    '/a2a/jsonrpc',
    express.json(),
    jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }),
  );
  return {
    baseUrl,
    card,
    executor,
    close: () =>
      new Promise<void>((resolve) => {
        server!.closeAllConnections();
        server!.close(() => resolve());
      }),
  };
}
