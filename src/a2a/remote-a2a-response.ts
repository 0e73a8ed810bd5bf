import type { Message as A2aMessage, StreamResponse, Task } from '@a2a-js/sdk';
import type { InvocationContext } from '../context/invocation-context.js';
import { createEvent, type Event } from '../events/event.js';
import { A2aRole, A2aTaskState } from './converters/a2a-enums.js';
import { a2aMessageToEvent } from './converters/event-converter.js';
import type { A2aPartToGenaiPartConverter } from './converters/part-converter.js';
import type { A2aClientSdkModule } from './load-a2a-client-sdk.js';
import { A2aMetadataKey } from './remote-a2a-metadata.js';
import type { RemoteA2aTaskTracker } from './remote-a2a-task-tracker.js';

/** `errorCode` of an event made from a failed remote task (Python `A2A_TASK_FAILED_ERROR_CODE`). */
export const A2A_TASK_FAILED_ERROR_CODE = 'A2A_TASK_FAILED';
const A2A_TASK_FAILED_ERROR_MESSAGE = 'Remote agent task failed';

/** What `RemoteA2aAgent` needs to turn A2A answers into events. */
export interface A2aResponseMapping {
  sdk: A2aClientSdkModule;
  context: InvocationContext;
  author: string;
  partConverter: A2aPartToGenaiPartConverter;
}

function messageToEvent(message: A2aMessage, mapping: A2aResponseMapping): Event {
  const { context, author, partConverter } = mapping;
  return a2aMessageToEvent(message, {
    author,
    invocationId: context.invocationId,
    ...(context.branch === undefined ? {} : { branch: context.branch }),
    partConverter,
  });
}

/**
 * An A2A task as an ADK event (Python `convert_a2a_task_to_event`): the
 * parts of its last artifact, else of its status message, else of the last
 * agent message in its history; a failed task's event carries
 * `errorCode` `A2A_TASK_FAILED` and its text as `errorMessage`.
 */
export function a2aTaskToEvent(task: Task, mapping: A2aResponseMapping): Event {
  let message: A2aMessage | undefined;
  const lastArtifact = task.artifacts?.[task.artifacts.length - 1];
  if (lastArtifact) {
    message = {
      messageId: '',
      contextId: '',
      taskId: '',
      role: A2aRole.agent,
      parts: lastArtifact.parts,
      metadata: undefined,
      extensions: [],
      referenceTaskIds: [],
    };
  } else if (task.status?.message?.parts?.length) {
    message = task.status.message;
  } else {
    message = (task.history ?? []).filter((entry) => entry.role === A2aRole.agent).at(-1);
  }
  const event = message
    ? messageToEvent(message, mapping)
    : createEvent({
        invocationId: mapping.context.invocationId,
        author: mapping.author,
        ...(mapping.context.branch === undefined ? {} : { branch: mapping.context.branch }),
      });
  if (task.status?.state === A2aTaskState.failed) {
    event.errorCode = A2A_TASK_FAILED_ERROR_CODE;
    if (!event.errorMessage) {
      const text = (event.content?.parts ?? []).map((part) => part.text ?? '').join('');
      event.errorMessage = text || A2A_TASK_FAILED_ERROR_MESSAGE;
    }
  }
  return event;
}

function markThought(event: Event): void {
  for (const part of event.content?.parts ?? []) part.thought = true;
}

function stampTask(event: Event, task: Task, mapping: A2aResponseMapping): void {
  event.customMetadata = {
    ...event.customMetadata,
    [A2aMetadataKey.taskId]: task.id,
    ...(task.contextId ? { [A2aMetadataKey.contextId]: task.contextId } : {}),
    [A2aMetadataKey.response]: mapping.sdk.Task.toJSON(task),
  };
}

/**
 * The event for one answer of the remote agent, or undefined when it
 * carries nothing to show (Python `_handle_a2a_response`):
 * - a task: its event; parts are thoughts while the task is only submitted;
 * - a status update with a message: that message's event; thoughts while
 *   the task is submitted or working;
 * - a full artifact update (not an appended, unfinished chunk): the task's
 *   event, which shows its last artifact;
 * - a message: its event with the context id.
 * Task events carry `a2a:task_id`, `a2a:context_id` and the task so far as
 * `a2a:response`; message events the message as `a2a:response`.
 */
export function eventForA2aResponse(
  response: StreamResponse,
  tracker: RemoteA2aTaskTracker,
  mapping: A2aResponseMapping,
): Event | undefined {
  const { sdk } = mapping;
  const payload = response.payload;
  if (!payload) return undefined;
  switch (payload.$case) {
    case 'task': {
      const task = tracker.setTask(payload.value);
      const event = a2aTaskToEvent(task, mapping);
      if (task.status?.state === A2aTaskState.submitted) markThought(event);
      stampTask(event, task, mapping);
      return event;
    }
    case 'statusUpdate': {
      const task = tracker.applyStatus(payload.value);
      const statusMessage = payload.value.status?.message;
      if (!statusMessage) return undefined;
      const event = messageToEvent(statusMessage, mapping);
      const state = payload.value.status?.state;
      if (state === A2aTaskState.submitted || state === A2aTaskState.working) {
        markThought(event);
      }
      stampTask(event, task, mapping);
      return event;
    }
    case 'artifactUpdate': {
      const task = tracker.applyArtifact(payload.value);
      if (payload.value.append && !payload.value.lastChunk) return undefined;
      const event = a2aTaskToEvent(task, mapping);
      stampTask(event, task, mapping);
      return event;
    }
    case 'message': {
      const event = messageToEvent(payload.value, mapping);
      event.customMetadata = {
        ...event.customMetadata,
        ...(payload.value.contextId ? { [A2aMetadataKey.contextId]: payload.value.contextId } : {}),
        [A2aMetadataKey.response]: sdk.Message.toJSON(payload.value),
      };
      return event;
    }
  }
}
