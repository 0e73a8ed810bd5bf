import { parseAuthToolArguments, type AuthToolArguments } from '../../auth/auth-config.js';
import {
  authResponseStateKey,
  credentialForState,
  pinAuthResponse,
} from '../../auth/auth-response.js';
import { ReadonlyContext } from '../../context/readonly-context.js';
import { InvalidAuthResponseError } from '../../errors/invalid-auth-response-error.js';
import type { Event } from '../../events/event.js';
import { getFunctionCalls, getFunctionResponses } from '../../events/event-predicates.js';
import { setOwn } from '../../utils/get-own.js';
import { handleFunctionCallListAsync, REQUEST_EUC_FUNCTION_CALL_NAME } from '../functions.js';
import type { LlmRequestProcessor } from '../llm-processor.js';

/** Auth requests whose call id starts with this are a toolset's own (before its tools are listed): nothing to resume. */
export const TOOLSET_AUTH_CREDENTIAL_ID_PREFIX = '_adk_toolset_auth_';

/**
 * The auth step (spec 000 Appendix A #2, Python `_AuthLlmRequestProcessor`):
 * when the latest event with content is the user's answer to
 * `adk_request_credential` calls, each answer is pinned to the config the
 * session asked with, its credential is put in the session state under
 * `temp:<credentialKey>` (for this invocation; `getAuthResponse` reads it),
 * and the tool calls that asked, and any other call waiting for the same
 * credential, run again. Turns without such answers pass through. An answer
 * to a call this session never made, or one holding no credential, throws
 * `InvalidAuthResponseError`.
 */
export const authRequestProcessor: LlmRequestProcessor = {
  async *runAsync(context, _request, agent) {
    const events = context.session.events;
    const last = findLast(events, (event) => event.content !== undefined);
    if (!last || last.author !== 'user') return;
    const answers = new Map<string, unknown>();
    for (const response of getFunctionResponses(last)) {
      if (response.name !== REQUEST_EUC_FUNCTION_CALL_NAME || response.id === undefined) continue;
      answers.set(response.id, response.response);
    }
    if (answers.size === 0) return;

    const requested = findRequestedAuthConfigs(events, answers);
    const authorizedKeys = new Set<string>();
    for (const [id, response] of answers) {
      const request = requested.get(id);
      if (!request) {
        throw new InvalidAuthResponseError({
          message: `The session has no adk_request_credential call ${id} with valid arguments to answer.`,
          functionCallId: id,
        });
      }
      const pinned = pinAuthResponse({
        requested: request.authConfig,
        response,
        functionCallId: id,
      });
      setOwn(
        context.session.state,
        authResponseStateKey(pinned),
        credentialForState(pinned.exchangedAuthCredential!),
      );
      if (pinned.credentialKey) authorizedKeys.add(pinned.credentialKey);
    }

    const toResume = new Set<string>();
    for (const request of requested.values()) {
      if (!request.functionCallId.startsWith(TOOLSET_AUTH_CREDENTIAL_ID_PREFIX)) {
        toResume.add(request.functionCallId);
      }
    }
    // Calls waiting for the same credential run too: one answer serves them all.
    for (const event of events) {
      for (const [callId, config] of Object.entries(event.actions.requestedAuthConfigs)) {
        const key = (config as { credentialKey?: unknown }).credentialKey;
        if (typeof key === 'string' && authorizedKeys.has(key)) toResume.add(callId);
      }
    }
    if (toResume.size === 0) return;

    for (let index = events.length - 2; index >= 0; index--) {
      const event = events[index]!;
      const calls = getFunctionCalls(event);
      if (!calls.some((call) => call.id !== undefined && toResume.has(call.id))) continue;
      // Another agent's call is left to that agent's own auth step, with its own tools.
      if (event.author !== agent.name) continue;
      const tools = await agent.canonicalTools(new ReadonlyContext(context));
      const responseEvent = await handleFunctionCallListAsync({
        context,
        agent,
        functionCalls: calls,
        toolsDict: Object.fromEntries(tools.map((tool) => [tool.name, tool])),
        filters: toResume,
      });
      if (responseEvent) yield responseEvent;
      return;
    }
  },
};

// The arguments of the answered adk_request_credential calls, by call id, as the session issued them.
function findRequestedAuthConfigs(
  events: readonly Event[],
  answers: ReadonlyMap<string, unknown>,
): Map<string, AuthToolArguments> {
  const requested = new Map<string, AuthToolArguments>();
  for (const event of events) {
    for (const call of getFunctionCalls(event)) {
      if (call.name !== REQUEST_EUC_FUNCTION_CALL_NAME || !call.id || !answers.has(call.id))
        continue;
      const args = parseAuthToolArguments(call.args);
      if (args) requested.set(call.id, args);
    }
  }
  return requested;
}

function findLast(events: readonly Event[], predicate: (event: Event) => boolean) {
  for (let index = events.length - 1; index >= 0; index--) {
    if (predicate(events[index]!)) return events[index];
  }
  return undefined;
}
