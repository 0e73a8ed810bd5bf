import type { AuthConfig } from '../auth/auth-config.js';
import type { AuthCredential } from '../auth/auth-credential.js';
import {
  authResponseStateKey,
  credentialForState,
  pinAuthResponse,
} from '../auth/auth-response.js';
import { Context } from '../context/context.js';
import { createEvent, type Event } from '../events/event.js';
import { REQUEST_EUC_FUNCTION_CALL_NAME } from '../flows/functions.js';
import type { CredentialManager } from '../tools/credential-manager.js';
import { eventFields } from './base-node.js';
import type { NodeContext } from './node-context.js';

// Where the OAuth2 `state` and PKCE verifier a request was sent with are kept, to pin the answer to them.
const OAUTH_FLOW_KEY_PREFIX = 'adk_oauth_state:';

/** The OAuth2 flow values a node's request was sent with. */
interface RequestedFlow {
  state?: string;
  codeVerifier?: string;
}

/** The interrupt id of a node's credential request (Python `wf_auth:<node_path>`). */
export function nodeAuthInterruptId(ctx: NodeContext): string {
  return `wf_auth:${ctx.nodePath}`;
}

/**
 * The auth gate of a node that declares an auth config (Python
 * `FunctionNode._run_impl`'s, 004 §2). Returns the event asking for the
 * credential when the node must wait for it (the node yields it and stops;
 * the call is long-running, so the node waits), or undefined when the node
 * may run. The client's answer to this node's request, when it is in
 * `ctx.resumeInputs`, is pinned to the request and kept in session state
 * under `temp:<credentialKey>`; then the node's `CredentialManager` resolves
 * the credential as for an authenticated tool (a provider, the credential
 * service, the answer; an OAuth2 code exchanged, an expired token
 * refreshed), and keeps what it obtained where `ctx.getAuthResponse(config)`
 * reads it.
 *
 * The request is `adk_request_credential` with id and `functionCallId`
 * `wf_auth:<node path>`, the config without the node's secrets (OAuth2
 * client secret, API key, HTTP password, service-account private key) and a
 * `message` for the person. When it carries an OAuth2 `state`, the answer
 * must bring the same one back (`InvalidAuthResponseError`, Python:
 * `WorkflowDataError`), and the request's state and PKCE verifier are the
 * ones used. An answer holding no credential is an `InvalidAuthResponseError`;
 * a refused code exchange a `CredentialExchangeError`.
 */
export async function nodeAuthGate(
  ctx: NodeContext,
  nodeName: string,
  manager: CredentialManager,
): Promise<Event | undefined> {
  const interruptId = nodeAuthInterruptId(ctx);
  if (Object.hasOwn(ctx.resumeInputs, interruptId)) {
    storeAnswer(ctx, manager.authConfig, interruptId, ctx.resumeInputs[interruptId]);
  }
  if (await manager.getAuthCredential(ctx)) return undefined;
  return authRequestEvent(ctx, nodeName, manager, interruptId);
}

function authRequestEvent(
  ctx: NodeContext,
  nodeName: string,
  manager: CredentialManager,
  interruptId: string,
): Event {
  // The tool context builds the request as for a tool (OAuth2: the URI, no client secret).
  const asker = new Context(ctx.invocation, { functionCallId: interruptId });
  manager.requestCredential(asker);
  const request = withoutSecrets(
    asker.actions.requestedAuthConfigs[interruptId] as unknown as AuthConfig,
  );
  const oauth2 = request.exchangedAuthCredential?.oauth2;
  if (oauth2?.state) {
    const flow: RequestedFlow = { state: oauth2.state };
    if (oauth2.codeVerifier) flow.codeVerifier = oauth2.codeVerifier;
    ctx.state.set(`${OAUTH_FLOW_KEY_PREFIX}${interruptId}`, flow);
  }
  return createEvent({
    ...eventFields(ctx, nodeName),
    content: {
      role: 'model',
      parts: [
        {
          functionCall: {
            name: REQUEST_EUC_FUNCTION_CALL_NAME,
            id: interruptId,
            args: {
              functionCallId: interruptId,
              authConfig: request,
              message: messageFor(manager.authConfig),
            },
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
  const flow = ctx.state.get<RequestedFlow>(`${OAUTH_FLOW_KEY_PREFIX}${interruptId}`);
  const pinned = pinAuthResponse({
    requested: flow ? withRequestedFlow(config, flow) : config,
    response: answer,
    functionCallId: interruptId,
  });
  ctx.state.set(authResponseStateKey(pinned), credentialForState(pinned.exchangedAuthCredential!));
}

// The config as the request went out: its OAuth2 credential with the flow's state and verifier.
function withRequestedFlow(config: AuthConfig, flow: RequestedFlow): AuthConfig {
  const raw = config.rawAuthCredential;
  if (!raw?.oauth2) return config;
  return { ...config, exchangedAuthCredential: { ...raw, oauth2: { ...raw.oauth2, ...flow } } };
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
