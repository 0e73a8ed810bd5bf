import { parseAuthConfig, type AuthConfig, type AuthConfigInput } from '../auth/auth-config.js';
import type { AuthCredential } from '../auth/auth-credential.js';
import {
  authResponseStateKey,
  credentialForState,
  pinAuthResponse,
} from '../auth/auth-response.js';
import { Context } from '../context/context.js';
import { InvalidAuthResponseError } from '../errors/invalid-auth-response-error.js';
import { createEvent, type Event } from '../events/event.js';
import { REQUEST_EUC_FUNCTION_CALL_NAME } from '../flows/functions.js';
import { eventFields } from './base-node.js';
import type { NodeContext } from './node-context.js';

// Where the OAuth2 `state` a request was sent with is kept, to check the answer against it.
const OAUTH_STATE_KEY_PREFIX = 'adk_oauth_state:';

/** The interrupt id of a node's credential request (Python `wf_auth:<node_path>`). */
export function nodeAuthInterruptId(ctx: NodeContext): string {
  return `wf_auth:${ctx.nodePath}`;
}

/**
 * The auth gate of a node that declares an auth config (Python
 * `FunctionNode._run_impl`'s, 004 §2). Returns the event asking for the
 * credential when the node must wait for it (the node yields it and stops;
 * the call is long-running, so the node waits), or undefined when the node
 * may run: the client's answer to this node's request is in
 * `ctx.resumeInputs` (it is then stored in session state under
 * `temp:<credentialKey>`, where `ctx.getAuthResponse(config)` reads it), or
 * the state already has the credential.
 *
 * The request is `adk_request_credential` with id and `functionCallId`
 * `wf_auth:<node path>`, the config without the node's secrets (OAuth2
 * client secret, API key, HTTP password, service-account private key) and a
 * `message` for the person. When it carries an OAuth2 `state`, that state is
 * kept in session state and the answer must bring it back. An answer without
 * that state, or holding no credential, is an `InvalidAuthResponseError`
 * (Python: `WorkflowDataError` for the state).
 */
export function nodeAuthGate(
  ctx: NodeContext,
  nodeName: string,
  config: AuthConfigInput,
): Event | undefined {
  const authConfig = parseAuthConfig(config);
  const interruptId = nodeAuthInterruptId(ctx);
  if (Object.hasOwn(ctx.resumeInputs, interruptId)) {
    storeAnswer(ctx, authConfig, interruptId, ctx.resumeInputs[interruptId]);
    return undefined;
  }
  if (ctx.getAuthResponse(authConfig)) return undefined;
  return authRequestEvent(ctx, nodeName, authConfig, interruptId);
}

function authRequestEvent(
  ctx: NodeContext,
  nodeName: string,
  config: AuthConfig,
  interruptId: string,
): Event {
  // The tool context builds the request as for a tool (OAuth2: the URI, no client secret).
  const asker = new Context(ctx.invocation, { functionCallId: interruptId });
  asker.requestCredential(config);
  const request = withoutSecrets(
    asker.actions.requestedAuthConfigs[interruptId] as unknown as AuthConfig,
  );
  const state = request.exchangedAuthCredential?.oauth2?.state;
  if (state) ctx.state.set(`${OAUTH_STATE_KEY_PREFIX}${interruptId}`, state);
  return createEvent({
    ...eventFields(ctx, nodeName),
    content: {
      role: 'model',
      parts: [
        {
          functionCall: {
            name: REQUEST_EUC_FUNCTION_CALL_NAME,
            id: interruptId,
            args: { functionCallId: interruptId, authConfig: request, message: messageFor(config) },
          },
        },
      ],
    },
    longRunningToolIds: [interruptId],
  });
}

function storeAnswer(
  ctx: NodeContext,
  config: AuthConfig,
  interruptId: string,
  answer: unknown,
): void {
  const pinned = pinAuthResponse({
    requested: config,
    response: answer,
    functionCallId: interruptId,
  });
  const expectedState = ctx.state.get<string>(`${OAUTH_STATE_KEY_PREFIX}${interruptId}`);
  if (
    expectedState !== undefined &&
    pinned.exchangedAuthCredential?.oauth2?.state !== expectedState
  ) {
    throw new InvalidAuthResponseError({
      functionCallId: interruptId,
      message:
        'The auth response does not carry back the state generated for this auth request. ' +
        'Return the auth config from the credential request with the authorization result filled in.',
    });
  }
  ctx.state.set(authResponseStateKey(pinned), credentialForState(pinned.exchangedAuthCredential!));
}

// What the person is asked for (Python `_build_auth_message`).
function messageFor(config: AuthConfig): string {
  const type = config.rawAuthCredential?.authType;
  if (type === 'apiKey') {
    const name = config.authScheme.type === 'apiKey' ? config.authScheme.name : 'API key';
    return `Please provide your API key for ${name}.`;
  }
  if (type === 'oauth2' || type === 'openIdConnect')
    return 'Please complete the authentication flow.';
  return 'Please provide your authentication credentials.';
}

// The request without the node's own secrets: the client needs the URI and state, never these.
function withoutSecrets(config: AuthConfig): AuthConfig {
  const strip = (credential: AuthCredential | undefined): AuthCredential | undefined => {
    if (!credential) return undefined;
    const copy = structuredClone(credential);
    if (copy.oauth2) delete copy.oauth2.clientSecret;
    delete copy.apiKey;
    if (copy.http) delete copy.http.credentials.password;
    if (copy.serviceAccount?.serviceAccountCredential) {
      delete (copy.serviceAccount.serviceAccountCredential as { privateKey?: string }).privateKey;
    }
    return copy;
  };
  const raw = strip(config.rawAuthCredential);
  const exchanged = strip(config.exchangedAuthCredential);
  return {
    authScheme: config.authScheme,
    ...(raw ? { rawAuthCredential: raw } : {}),
    ...(exchanged ? { exchangedAuthCredential: exchanged } : {}),
    ...(config.credentialKey ? { credentialKey: config.credentialKey } : {}),
  };
}
