import type { Message } from '@a2a-js/sdk';
import type { RunAsyncRequest } from '../../runner/runner-requests.js';
import type { Part } from '../../types/index.js';
import { a2aPartToGenaiPart, type A2aPartToGenaiPartConverter } from './part-converter.js';

/** Prefix of the user id given to callers that did not authenticate (Python's `A2A_USER_`). */
export const A2A_USER_PREFIX = 'A2A_USER_';

/** What an A2A request needs to become a run. */
export interface A2aRunRequestInput {
  /** The caller's message. */
  message: Message;
  /** The A2A context id; it names the ADK session. */
  contextId: string;
  /** The request's metadata, passed to the run as `customMetadata.a2a_metadata`. */
  metadata?: Record<string, unknown> | undefined;
  /** The authenticated caller's name, when the server knows one. */
  authenticatedUser?: string | undefined;
  partConverter?: A2aPartToGenaiPartConverter;
}

/**
 * An A2A request as Runner arguments (Python
 * `convert_a2a_request_to_agent_run_request`): the session is the context
 * id, the user the authenticated caller or `A2A_USER_<contextId>`, the
 * message's parts the new user message, and the request metadata the run's
 * `customMetadata.a2a_metadata`.
 */
export function a2aRequestToRunRequest({
  message,
  contextId,
  metadata,
  authenticatedUser,
  partConverter = a2aPartToGenaiPart,
}: A2aRunRequestInput): Required<Pick<RunAsyncRequest, 'userId' | 'sessionId' | 'newMessage'>> &
  Pick<RunAsyncRequest, 'runConfig'> {
  const parts: Part[] = [];
  for (const a2aPart of message.parts) {
    const converted = partConverter(a2aPart);
    if (converted === undefined) continue;
    parts.push(...(Array.isArray(converted) ? converted : [converted]));
  }
  return {
    userId: authenticatedUser || `${A2A_USER_PREFIX}${contextId}`,
    sessionId: contextId,
    newMessage: { role: 'user', parts },
    ...(metadata ? { runConfig: { customMetadata: { a2a_metadata: metadata } } } : {}),
  };
}
