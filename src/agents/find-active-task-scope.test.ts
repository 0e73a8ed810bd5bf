import { describe, expect, it } from 'vitest';
import { createEvent, type Event } from '../events/event.js';
import {
  FINISH_TASK_ERROR_RESULT,
  FINISH_TASK_SUCCESS_RESULT,
  FINISH_TASK_TOOL_NAME,
} from '../tools/finish-task-tool.js';
import { findActiveTaskScope } from './find-active-task-scope.js';

function scoped(scope: string | undefined, invocationId: string, response?: unknown): Event {
  return createEvent({
    author: 'task_agent',
    invocationId,
    ...(scope === undefined ? {} : { isolationScope: scope }),
    content:
      response === undefined
        ? { role: 'model', parts: [{ text: 'which one?' }] }
        : {
            role: 'user',
            parts: [
              {
                functionResponse: {
                  name: FINISH_TASK_TOOL_NAME,
                  response: response as Record<string, unknown>,
                },
              },
            ],
          },
  });
}

describe('The active task scope (004 §10, runners._find_active_task_scope)', () => {
  it('is undefined when no event is scoped', () => {
    expect(findActiveTaskScope([scoped(undefined, 'e-1')])).toBeUndefined();
  });

  it('is the latest scope not closed by a terminal finish_task response', () => {
    expect(findActiveTaskScope([scoped('a', 'e-1'), scoped('b', 'e-2')])).toEqual({
      isolationScope: 'b',
      invocationId: 'e-2',
    });
    expect(
      findActiveTaskScope([
        scoped('a', 'e-1'),
        scoped('b', 'e-2'),
        scoped('b', 'e-2', { result: FINISH_TASK_SUCCESS_RESULT }),
      ]),
    ).toEqual({ isolationScope: 'a', invocationId: 'e-1' });
  });

  it('a reported failure closes the scope; a validation error does not', () => {
    expect(
      findActiveTaskScope([
        scoped('a', 'e-1'),
        scoped('a', 'e-1', { result: FINISH_TASK_ERROR_RESULT }),
      ]),
    ).toBeUndefined();
    expect(
      findActiveTaskScope([scoped('a', 'e-1'), scoped('a', 'e-1', { error: 'bad types' })]),
    ).toEqual({ isolationScope: 'a', invocationId: 'e-1' });
  });

  it('stays closed when events after the end still carry the scope', () => {
    expect(
      findActiveTaskScope([
        scoped('a', 'e-1', { result: FINISH_TASK_SUCCESS_RESULT }),
        scoped('a', 'e-1'),
      ]),
    ).toBeUndefined();
  });
});
