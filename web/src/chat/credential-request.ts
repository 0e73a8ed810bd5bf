/** The name of the framework's credential request call (answered with the auth config, credential filled in). */
export const REQUEST_CREDENTIAL = 'adk_request_credential';

/** What an `adk_request_credential` call asks the user for. */
export type CredentialPrompt =
  | { kind: 'apiKey'; location: string; name: string }
  | { kind: 'bearer' }
  | { kind: 'basic' }
  | { kind: 'oauth2'; authUri: string }
  | { kind: 'unsupported'; reason: string };

/** The typed secret for the non-OAuth prompts. */
export type CredentialInput =
  | { kind: 'apiKey'; apiKey: string }
  | { kind: 'bearer'; token: string }
  | { kind: 'basic'; username: string; password: string };

type Json = Record<string, unknown>;

function record(value: unknown): Json | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Json)
    : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The auth config of the call's arguments (`authConfig`, or Python's `auth_config`). */
export function requestedAuthConfig(args: Json | undefined): Json | undefined {
  return record(args?.['authConfig']) ?? record(args?.['auth_config']);
}

function oauth2AuthUri(config: Json): string | undefined {
  const exchanged =
    record(config['exchangedAuthCredential']) ?? record(config['exchanged_auth_credential']);
  const oauth2 = record(exchanged?.['oauth2']);
  return text(oauth2?.['authUri']) ?? text(oauth2?.['auth_uri']);
}

/**
 * Reads what an `adk_request_credential` call's arguments ask for, from
 * the auth scheme: an API key (where it goes and its name), an HTTP bearer
 * token, HTTP basic user and password, or an OAuth2 / OpenID Connect
 * sign-in at the authorization URI the server built
 * (`exchangedAuthCredential.oauth2.authUri`). Anything else is
 * `unsupported`, with the reason.
 */
export function credentialPrompt(args: Json | undefined): CredentialPrompt {
  const config = requestedAuthConfig(args);
  const scheme = record(config?.['authScheme']) ?? record(config?.['auth_scheme']);
  if (!config || !scheme)
    return { kind: 'unsupported', reason: 'The call carries no auth scheme.' };
  const type = text(scheme['type']);
  if (type === 'apiKey') {
    return {
      kind: 'apiKey',
      location: text(scheme['in']) ?? 'header',
      name: text(scheme['name']) ?? 'API key',
    };
  }
  if (type === 'http') {
    const httpScheme = text(scheme['scheme'])?.toLowerCase();
    if (httpScheme === 'bearer') return { kind: 'bearer' };
    if (httpScheme === 'basic') return { kind: 'basic' };
    return {
      kind: 'unsupported',
      reason: `HTTP ${httpScheme ?? '(no scheme)'} authentication is not supported.`,
    };
  }
  if (type === 'oauth2' || type === 'openIdConnect') {
    const authUri = oauth2AuthUri(config);
    return authUri
      ? { kind: 'oauth2', authUri }
      : { kind: 'unsupported', reason: 'The server sent no authorization URI to sign in at.' };
  }
  return { kind: 'unsupported', reason: `The auth scheme ${type ?? '(none)'} is not supported.` };
}

/**
 * The function response for a typed secret: the requested auth config
 * with `exchangedAuthCredential` set to the credential (adk-python's
 * `AuthCredential` JSON, camelCase), as adk-web answers an OAuth2 request.
 */
export function credentialResponse(args: Json | undefined, input: CredentialInput): Json {
  const config = requestedAuthConfig(args) ?? {};
  const credential =
    input.kind === 'apiKey'
      ? { authType: 'apiKey', apiKey: input.apiKey }
      : input.kind === 'bearer'
        ? { authType: 'http', http: { scheme: 'bearer', credentials: { token: input.token } } }
        : {
            authType: 'http',
            http: {
              scheme: 'basic',
              credentials: { username: input.username, password: input.password },
            },
          };
  return { ...config, exchangedAuthCredential: credential };
}

/**
 * The function response for a finished OAuth2 sign-in (adk-web's
 * `sendOAuthResponse`): the requested auth config with
 * `exchangedAuthCredential.oauth2.authResponseUri` (the address the
 * authorization server sent the popup to, holding `code` and `state`) and
 * `redirectUri` set; the server exchanges the code.
 */
export function oauthResponse(
  args: Json | undefined,
  authResponseUri: string,
  redirectUri: string,
): Json {
  const config = requestedAuthConfig(args) ?? {};
  const exchanged = record(config['exchangedAuthCredential']) ?? { authType: 'oauth2' };
  const oauth2 = record(exchanged['oauth2']) ?? {};
  return {
    ...config,
    exchangedAuthCredential: {
      ...exchanged,
      oauth2: { ...oauth2, authResponseUri, redirectUri },
    },
  };
}

/**
 * The dev UI's OAuth2 redirect URI, as adk-web builds it: the page's origin
 * and path up to `/dev-ui/` (the server answers the callback page there).
 */
export function oauthRedirectUri(location: { origin: string; pathname: string }): string {
  const at = location.pathname.indexOf('/dev-ui/');
  const base = at === -1 ? '/dev-ui/' : location.pathname.slice(0, at + '/dev-ui/'.length);
  return `${location.origin}${base}`;
}

/** The authorization URI with `redirect_uri` replaced by the dev UI's (adk-web's `updateRedirectUri`). */
export function withRedirectUri(authUri: string, redirectUri: string): string {
  try {
    const url = new URL(authUri);
    url.searchParams.set('redirect_uri', redirectUri);
    return url.toString();
  } catch {
    return authUri;
  }
}

/**
 * The error an authorization response reports (`error`, with
 * `error_description` when given), or undefined when it carries a code.
 */
export function authorizationError(authResponseUri: string): string | undefined {
  let params: URLSearchParams;
  try {
    params = new URL(authResponseUri).searchParams;
  } catch {
    return 'The sign-in window returned an address that is not a URL.';
  }
  const error = params.get('error');
  if (error) {
    const description = params.get('error_description');
    return description ? `${error}: ${description}` : error;
  }
  return params.get('code') ? undefined : 'The sign-in window returned no authorization code.';
}
