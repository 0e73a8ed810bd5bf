import { InvalidAuthResponseError } from '../errors/invalid-auth-response-error.js';
import { AuthCredential, type OAuth2Auth } from './auth-credential.js';
import { parseAuthConfig, type AuthConfig } from './auth-config.js';
import { authModelToCamelCase } from './auth-json.js';
import { credentialKeyOf } from './credential-key.js';

/** The session-state key under which the client's credential for `config` is kept for the invocation. */
export function authResponseStateKey(config: AuthConfig): string {
  return `temp:${config.credentialKey ?? credentialKeyOf(config)}`;
}

/**
 * Pins the client's answer to an `adk_request_credential` call to the config
 * the session asked with (Python `store_auth_response`): the answer may be an
 * `AuthConfig` (its `exchangedAuthCredential` is taken), an `AuthCredential`,
 * or, when the tool asked for an API key, the key itself. The requested
 * config is returned with that credential as `exchangedAuthCredential`, its
 * unset OAuth2 client fields filled from what the tool configured. When the
 * request carried an OAuth2 `state`, the answer must carry the same one (in
 * `authResponseUri` and in `state` when it sends them), and the request's
 * `state` and PKCE `codeVerifier` are the ones kept: the client cannot pick
 * them. Throws `InvalidAuthResponseError` when the answer holds no credential
 * or its state does not match.
 */
export function pinAuthResponse({
  requested,
  response,
  functionCallId,
}: {
  requested: AuthConfig;
  response: unknown;
  functionCallId: string;
}): AuthConfig {
  const credential = credentialOf(requested, response, functionCallId);
  const source = requested.exchangedAuthCredential ?? requested.rawAuthCredential;
  const pinned = withClientFields(credential, source);
  return {
    ...requested,
    exchangedAuthCredential: withRequestedFlowState(pinned, source, functionCallId),
  };
}

// The state and PKCE verifier the session issued are authoritative; a different state is refused.
function withRequestedFlowState(
  credential: AuthCredential,
  source: AuthCredential | undefined,
  functionCallId: string,
): AuthCredential {
  const requested = source?.oauth2;
  const answered = credential.oauth2;
  if (!requested?.state || !answered) return credential;
  const states: Array<string | null | undefined> = [answered.state];
  if (answered.authResponseUri) {
    let callback: URL | undefined;
    try {
      callback = new URL(answered.authResponseUri);
    } catch (error) {
      throw new InvalidAuthResponseError({
        message: `The answer to adk_request_credential call ${functionCallId} has an authResponseUri that is not a URL.`,
        functionCallId,
        cause: error,
      });
    }
    states.push(callback.searchParams.get('state'));
  }
  for (const state of states) {
    if (state === undefined || state === requested.state) continue;
    throw new InvalidAuthResponseError({
      message:
        `The answer to adk_request_credential call ${functionCallId} carries an OAuth2 state ` +
        `that is not the one the authorization URI was issued with (${state === null ? 'none' : 'another'}): ` +
        'the authorization response belongs to another sign-in or was forged.',
      functionCallId,
    });
  }
  const oauth2 = { ...answered, state: requested.state };
  if (requested.codeVerifier) oauth2.codeVerifier = requested.codeVerifier;
  return { ...credential, oauth2 };
}

/**
 * The credential to keep in session state: what the client sent, without the
 * OAuth2 client secret, since the client can read session state.
 */
export function credentialForState(credential: AuthCredential): AuthCredential {
  if (!credential.oauth2?.clientSecret) return credential;
  const { clientSecret: _clientSecret, ...oauth2 } = credential.oauth2;
  return { ...credential, oauth2: oauth2 as OAuth2Auth };
}

function credentialOf(requested: AuthConfig, response: unknown, functionCallId: string) {
  let fromConfig: AuthConfig | undefined;
  try {
    fromConfig = parseAuthConfig(response);
  } catch {
    fromConfig = undefined;
  }
  if (fromConfig) {
    if (fromConfig.exchangedAuthCredential) return fromConfig.exchangedAuthCredential;
    throw new InvalidAuthResponseError({
      message:
        `The answer to adk_request_credential call ${functionCallId} is an auth config ` +
        'without an exchangedAuthCredential: fill it with the credential the tool asked for.',
      functionCallId,
    });
  }
  if (
    requested.rawAuthCredential?.authType === 'apiKey' &&
    (typeof response === 'string' || typeof response === 'number')
  ) {
    return AuthCredential.parse({ authType: 'apiKey', apiKey: String(response) });
  }
  const parsed = AuthCredential.safeParse(authModelToCamelCase(response));
  if (parsed.success) return parsed.data;
  throw new InvalidAuthResponseError({
    message:
      `The answer to adk_request_credential call ${functionCallId} holds no credential: ` +
      'send the auth config with exchangedAuthCredential filled in, or an AuthCredential ' +
      `(${parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')}).`,
    functionCallId,
    cause: parsed.error,
  });
}

// The client answers the flow; the tool's configured OAuth2 client stays authoritative for what it left unset.
function withClientFields(
  credential: AuthCredential,
  source: AuthCredential | undefined,
): AuthCredential {
  if (!source?.oauth2) return credential;
  if (!credential.oauth2) return { ...credential, oauth2: { ...source.oauth2 } };
  const oauth2 = { ...credential.oauth2 };
  for (const field of [
    'clientId',
    'clientSecret',
    'redirectUri',
    'codeVerifier',
    'codeChallengeMethod',
  ] as const) {
    if (oauth2[field] === undefined && source.oauth2[field] !== undefined) {
      oauth2[field] = source.oauth2[field];
    }
  }
  return { ...credential, oauth2 };
}
