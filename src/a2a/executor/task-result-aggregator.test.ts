import type { Message, TaskState, TaskStatusUpdateEvent } from '@a2a-js/sdk';
import { beforeEach, describe, expect, it } from 'vitest';
import { A2aRole, A2aTaskState } from '../converters/a2a-enums.js';
import { TaskResultAggregator } from './task-result-aggregator.js';

// Cases of adk-python's tests/unittests/a2a/executor/test_task_result_aggregator.py.

function message(text: string): Message {
  return {
    messageId: 'test-msg',
    contextId: '',
    taskId: '',
    role: A2aRole.agent,
    parts: [
      { content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: '' },
    ],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

function update(state: TaskState, statusMessage?: Message): TaskStatusUpdateEvent {
  return {
    taskId: 'test-task',
    contextId: 'test-context',
    status: { state, message: statusMessage, timestamp: undefined },
    metadata: undefined,
  };
}

describe('TaskResultAggregator', () => {
  let aggregator: TaskResultAggregator;
  beforeEach(() => {
    aggregator = new TaskResultAggregator();
  });

  it('starts working, without a message', () => {
    expect(aggregator.taskState).toBe(A2aTaskState.working);
    expect(aggregator.taskStatusMessage).toBeUndefined();
  });

  it.each([
    ['failed', A2aTaskState.failed],
    ['auth-required', A2aTaskState.authRequired],
    ['input-required', A2aTaskState.inputRequired],
  ])('takes a %s update with its message, and rewrites the update to working', (_label, state) => {
    const statusMessage = message('why');
    const event = update(state, statusMessage);
    aggregator.processEvent(event);
    expect(aggregator.taskState).toBe(state);
    expect(aggregator.taskStatusMessage).toBe(statusMessage);
    expect(event.status?.state).toBe(A2aTaskState.working);
  });

  it('takes a failed update without a message', () => {
    aggregator.processEvent(update(A2aTaskState.failed));
    expect(aggregator.taskState).toBe(A2aTaskState.failed);
    expect(aggregator.taskStatusMessage).toBeUndefined();
  });

  it('ranks failed over auth-required over input-required, each message following its state', () => {
    const input = message('Input message');
    const auth = message('Auth message');
    const failed = message('Failed message');
    aggregator.processEvent(update(A2aTaskState.inputRequired, input));
    expect(aggregator.taskStatusMessage).toBe(input);
    aggregator.processEvent(update(A2aTaskState.authRequired, auth));
    expect(aggregator.taskStatusMessage).toBe(auth);
    aggregator.processEvent(update(A2aTaskState.failed, failed));
    expect(aggregator.taskStatusMessage).toBe(failed);
    aggregator.processEvent(update(A2aTaskState.working, message('Working message')));
    aggregator.processEvent(update(A2aTaskState.inputRequired, message('later input')));
    aggregator.processEvent(update(A2aTaskState.authRequired, message('later auth')));
    expect(aggregator.taskState).toBe(A2aTaskState.failed);
    expect(aggregator.taskStatusMessage).toBe(failed);
  });

  it('lets a later failure replace an earlier one', () => {
    aggregator.processEvent(update(A2aTaskState.failed, message('first')));
    const second = message('second');
    aggregator.processEvent(update(A2aTaskState.failed, second));
    expect(aggregator.taskStatusMessage).toBe(second);
  });

  it('keeps auth-required and its message through later working updates', () => {
    const auth = message('Auth required');
    aggregator.processEvent(update(A2aTaskState.authRequired, auth));
    aggregator.processEvent(update(A2aTaskState.working, message('Working on auth')));
    expect(aggregator.taskState).toBe(A2aTaskState.authRequired);
    expect(aggregator.taskStatusMessage).toBe(auth);
  });

  it('follows the latest message while working, an update without one clearing it', () => {
    const working = message('Working on task');
    const event = update(A2aTaskState.working, working);
    aggregator.processEvent(event);
    expect(aggregator.taskState).toBe(A2aTaskState.working);
    expect(aggregator.taskStatusMessage).toBe(working);
    expect(event.status?.state).toBe(A2aTaskState.working);
    aggregator.processEvent(update(A2aTaskState.working));
    expect(aggregator.taskStatusMessage).toBeUndefined();
  });

  it('while working, takes the message of an update in any other state too, and rewrites it', () => {
    const submitted = message('submitted');
    const event = update(A2aTaskState.submitted, submitted);
    aggregator.processEvent(event);
    expect(aggregator.taskState).toBe(A2aTaskState.working);
    expect(aggregator.taskStatusMessage).toBe(submitted);
    expect(event.status?.state).toBe(A2aTaskState.working);
  });

  it('ignores an update without a status', () => {
    aggregator.processEvent({ ...update(A2aTaskState.failed), status: undefined });
    expect(aggregator.taskState).toBe(A2aTaskState.working);
    expect(aggregator.taskStatusMessage).toBeUndefined();
  });
});
