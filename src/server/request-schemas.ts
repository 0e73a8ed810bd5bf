import { z } from 'zod';
import { toCamelKey } from '../config/genai-keys.js';
import { eventFromCamelCaseJson } from '../events/event-json.js';
import type { Event } from '../events/event.js';
import { assertStorableEvent } from '../sessions/storable-values.js';
import { setOwn } from '../utils/get-own.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import { pathIdProblem } from '../utils/stored-id.js';
import { ContentJson, ContentObject, JsonObject, PartJson } from './genai-schemas.js';

export { ContentJson, PartJson } from './genai-schemas.js';

/**
 * A request object's own keys in camelCase, accepting snake_case as
 * pydantic's `populate_by_name` does (the camelCase spelling wins when both
 * are given). `null` fields are dropped, so an explicit null reads as
 * "not given", as Python's `Optional[...] = None` fields do. Values are
 * left alone; nested genai and event objects are re-cased by their schemas.
 */
export function camelCaseRequestKeys(value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === null) continue;
    const camel = toCamelKey(key);
    if (camel !== key && Object.hasOwn(value, camel)) continue;
    setOwn(out, camel, item);
  }
  return out;
}

/** A JSON object of the caller's own data (state, a state delta, custom metadata), kept as written. */
const UserDict = JsonObject;

/**
 * A user or session id of the HTTP API (`pathIdProblem`): 1 to 128
 * characters, no control characters or unpaired surrogates, no `/` or `\`,
 * not `.` or `..`.
 */
export const ApiId = z.string().superRefine((id, context) => addIdIssue(id, context));

// The issue of an id `pathIdProblem` refuses, worded as `readIdParam` words it.
function addIdIssue(id: string, context: z.RefinementCtx): void {
  const problem = pathIdProblem(id);
  if (problem !== undefined) {
    context.addIssue({ code: 'custom', message: `Invalid id: it ${problem}` });
  }
}

/**
 * An ADK event, in either casing, validated as `Event.model_validate` does,
 * its content as `ContentJson` checks a message, and refused when no
 * session store could hold it (`assertStorableEvent`: ids, invocation id,
 * timestamp), so a session is never created with only part of its events.
 */
const EventJson = z.unknown().transform((value, context): Event => {
  let event: Event;
  try {
    event = eventFromCamelCaseJson(value);
    assertStorableEvent(event);
  } catch (error) {
    context.addIssue({
      code: 'custom',
      message: error instanceof Error ? error.message : 'Invalid event',
    });
    return z.NEVER;
  }
  if (event.content !== undefined) {
    const content = ContentObject.safeParse(event.content);
    if (!content.success) {
      for (const issue of content.error.issues) {
        context.addIssue({
          code: 'custom',
          message: issue.message,
          path: ['content', ...issue.path],
        });
      }
      return z.NEVER;
    }
  }
  return event;
});

/**
 * The body of `/run` and `/run_sse` (Python `RunAgentRequest`). `appName`
 * may be left out only when the server has a default app.
 */
export const RunAgentRequest = z.preprocess(
  camelCaseRequestKeys,
  z.object({
    appName: z.string().optional(),
    userId: ApiId,
    sessionId: ApiId,
    newMessage: ContentJson.optional(),
    streaming: z.boolean().default(false),
    stateDelta: UserDict.optional(),
    /** Set when resuming a long-running call (OAuth callback); turns off the artifactDelta split. */
    functionCallEventId: z.string().optional(),
    invocationId: z.string().optional(),
    customMetadata: UserDict.optional(),
  }),
);
/** The body of `/run` and `/run_sse`. */
export type RunAgentRequest = z.infer<typeof RunAgentRequest>;

/**
 * A session id to create: blank asks for a generated one; otherwise, once
 * trimmed (as the session services trim it), an `ApiId`.
 */
const NewSessionId = z.string().superRefine((id, context) => {
  const trimmed = id.trim();
  if (trimmed !== '') addIdIssue(trimmed, context);
});

/** The optional body of `POST …/sessions` (Python `CreateSessionRequest`): an id, a state, events to import. */
export const CreateSessionRequest = z.preprocess(
  camelCaseRequestKeys,
  z.object({
    sessionId: NewSessionId.optional(),
    state: UserDict.optional(),
    events: z.array(EventJson).optional(),
  }),
);
/** The optional body of `POST …/sessions`. */
export type CreateSessionRequest = z.infer<typeof CreateSessionRequest>;

/** The body of `PATCH …/sessions/{id}` (Python `UpdateSessionRequest`). */
export const UpdateSessionRequest = z.preprocess(
  camelCaseRequestKeys,
  z.object({ stateDelta: UserDict }),
);
/** The body of `PATCH …/sessions/{id}`. */
export type UpdateSessionRequest = z.infer<typeof UpdateSessionRequest>;

/**
 * The body of `POST …/sessions/{id}/rewind`: the invocation to rewind before
 * (`rewind_before_invocation_id`, as `Runner.rewind_async` names it).
 */
export const RewindSessionRequest = z.preprocess(
  camelCaseRequestKeys,
  z.object({ rewindBeforeInvocationId: z.string().min(1) }),
);
/** The body of `POST …/sessions/{id}/rewind`. */
export type RewindSessionRequest = z.infer<typeof RewindSessionRequest>;

/** The optional body of the deprecated `POST …/sessions/{id}`: the initial state itself. */
export const SessionStateBody = UserDict.optional();

/** The body of `POST …/artifacts` (Python `SaveArtifactRequest`). */
export const SaveArtifactRequest = z.preprocess(
  camelCaseRequestKeys,
  z.object({
    filename: z.string(),
    artifact: PartJson,
    customMetadata: UserDict.optional(),
  }),
);
/** The body of `POST …/artifacts`. */
export type SaveArtifactRequest = z.infer<typeof SaveArtifactRequest>;

/** The body of `PATCH …/memory` (Python `UpdateMemoryRequest`). */
export const UpdateMemoryRequest = z.preprocess(
  camelCaseRequestKeys,
  z.object({ sessionId: ApiId }),
);
/** The body of `PATCH …/memory`. */
export type UpdateMemoryRequest = z.infer<typeof UpdateMemoryRequest>;
