import type { Message } from '@a2a-js/sdk';
import { StreamingMode } from '../../context/run-config.js';
import type { RunAsyncRequest } from '../../runner/runner-requests.js';
import type { Part } from '../../types/index.js';
import { toList } from '../../utils/to-list.js';
import { a2aPartToGenaiPart, type A2aPartToGenaiPartConverter } from './part-converter.js';

/** Prefix of the user id given to callers the server knows no name of (Python's `A2A_USER_`). */
export const A2A_USER_PREFIX = 'A2A_USER_';

/** What an A2A request needs to become a run. */
export interface A2aRunRequestInput {
  /** The caller's message. */
  message: Message;
  /** The A2A context id; it names the ADK session. */
  contextId: string;
  /** The request's metadata, passed to the run as `customMetadata.a2a_metadata`. */
  metadata?: Record<string, unknown> | undefined;
  /** The caller's user name, when the server's authentication gives one. */
  userName?: string | undefined;
  /** Converts each part of the message (default `a2aPartToGenaiPart`). */
  partConverter?: A2aPartToGenaiPartConverter;
  /** The run's streaming mode (default `none`, as Python's). */
  streamingMode?: StreamingMode;
}

/** The Runner arguments an A2A request becomes. */
export type A2aRunRequest = Required<
  Pick<RunAsyncRequest, 'userId' | 'sessionId' | 'newMessage' | 'runConfig'>
>;

/** Turns an A2A request into Runner arguments (Python `A2ARequestToAgentRunRequestConverter`). */
export type A2aRequestConverter = (input: A2aRunRequestInput) => A2aRunRequest;

/**
 * An A2A request as Runner arguments (Python
 * `convert_a2a_request_to_agent_run_request`): the session is the context
 * id; the user is the caller's user name when it has one, else
 * `A2A_USER_<contextId>`; the message's parts (each through
 * `partConverter`, those it cannot convert left out) are the new user
 * message; the run config has the streaming mode and, when the request has
 * metadata, `customMetadata: { a2a_metadata: <metadata> }`.
 */
export function a2aRequestToRunRequest({
  message,
  contextId,
  metadata,
  userName,
  partConverter = a2aPartToGenaiPart,
  streamingMode = StreamingMode.NONE,
}: A2aRunRequestInput): A2aRunRequest {
  const parts: Part[] = message.parts.flatMap((a2aPart) => toList(partConverter(a2aPart)));
  const customMetadata: Record<string, unknown> =
    metadata && Object.keys(metadata).length > 0 ? { a2a_metadata: metadata } : {};
  return {
    userId: userName || `${A2A_USER_PREFIX}${contextId}`,
    sessionId: contextId,
    newMessage: { role: 'user', parts },
    runConfig: { streamingMode, customMetadata },
  };
}

/**
 * A request converter that runs with `streamingMode` (Python
 * `create_request_converter`).
 */
export function createRequestConverter(streamingMode: StreamingMode): A2aRequestConverter {
  return (input) => a2aRequestToRunRequest({ ...input, streamingMode });
}
