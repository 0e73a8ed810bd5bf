import { ToolNotFoundError } from '../errors/tool-not-found-error.js';
import { createEvent, type Event } from '../events/event.js';

/**
 * The event `/run` ends its answer with when the run failed because the
 * model called a tool the agent does not have (`ToolNotFoundError`, which
 * Python also raises, failing the run): an event of the invocation and the
 * agent of the last event (the one holding the call), whose `errorCode` is
 * `ToolNotFoundError` and whose `errorMessage` names the tool and the tools
 * the agent has. It is not stored; the events before it are, as they were
 * when the run failed. Undefined for any other error.
 */
export function runErrorEvent(error: unknown, last: Event | undefined): Event | undefined {
  if (!ToolNotFoundError.isInstance(error)) return undefined;
  return createEvent({
    invocationId: last?.invocationId ?? '',
    author: last?.author ?? '',
    ...(last?.branch === undefined ? {} : { branch: last.branch }),
    errorCode: error.name,
    errorMessage: error.publicMessage,
  });
}
