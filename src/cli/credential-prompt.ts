import { parseAuthToolArguments, type AuthConfig } from '../auth/auth-config.js';
import type { AuthCredential } from '../auth/auth-credential.js';
import { REQUEST_EUC_FUNCTION_CALL_NAME } from '../flows/functions.js';
import type { FunctionCall, Part } from '../types/index.js';

/**
 * Where `adk run` tells the OAuth2 provider to send the user back when the
 * tool's config names no `redirectUri` (the value of Python's sample clients).
 */
export const DEFAULT_OAUTH_REDIRECT_URI = 'http://localhost:8000/callback';

/** One `adk_request_credential` call a turn ended with. */
export interface CredentialRequest {
  /** The call's id, which the answer names. */
  readonly id: string;
  /** The config the tool (or toolset) asked with, as the client sees it. */
  readonly authConfig: AuthConfig;
}

/** The credential request `call` makes, or undefined when it is not a valid one. */
export function credentialRequestOf(call: FunctionCall): CredentialRequest | undefined {
  if (call.name !== REQUEST_EUC_FUNCTION_CALL_NAME || call.id === undefined) return undefined;
  const args = parseAuthToolArguments(call.args);
  return args ? { id: call.id, authConfig: args.authConfig } : undefined;
}

/**
 * What `adk run` prints before reading the answer to `request`:
 *
 * - OAuth2 / OpenID Connect: the authorization URI with `redirect_uri`
 *   appended (as Python's sample clients do; not when the URI already has
 *   one), and a request to paste the URL the browser was redirected to;
 * - API key: a request for the key (naming the header, query parameter or
 *   cookie it goes in);
 * - HTTP: a request for the token, or `user:password` for `basic`;
 * - anything else: a request for the credential as JSON.
 */
export function credentialPrompt(request: CredentialRequest, redirectUri: string): string {
  const { authScheme } = request.authConfig;
  switch (authScheme.type) {
    case 'oauth2':
    case 'openIdConnect': {
      const authUri = authorizationUri(request.authConfig, redirectUri);
      if (authUri === undefined) return 'Paste the OAuth2 credential as JSON:\n';
      return (
        `Authorize at this URL, then paste the full URL your browser was redirected to:\n` +
        `${authUri}\n`
      );
    }
    case 'apiKey':
      return `Enter the API key (${authScheme.in} ${JSON.stringify(authScheme.name)}):\n`;
    case 'http':
      return authScheme.scheme.toLowerCase() === 'basic'
        ? 'Enter the user name and password as user:password:\n'
        : `Enter the ${authScheme.scheme} token:\n`;
  }
}

/**
 * The function response answering `request` with the line the user typed:
 * the requested config with `exchangedAuthCredential` filled in (OAuth2:
 * `authResponseUri` = the line and `redirectUri`; API key: the key; HTTP:
 * the token, or user name and password). For a credential that cannot be
 * typed as text, or when the line is a JSON object, the line is sent as
 * the credential JSON.
 */
export function credentialAnswerPart(
  request: CredentialRequest,
  line: string,
  redirectUri: string,
): Part {
  const config = request.authConfig;
  const exchanged = typedCredential(config, line, redirectUri) ?? parseJsonObject(line);
  return {
    functionResponse: {
      id: request.id,
      name: REQUEST_EUC_FUNCTION_CALL_NAME,
      response: {
        ...(config as unknown as Record<string, unknown>),
        ...(exchanged === undefined ? {} : { exchangedAuthCredential: exchanged }),
      },
    },
  };
}

/** The redirect URI of an OAuth2 request: the one its config names, else `fallback`. */
export function redirectUriOf(config: AuthConfig, fallback: string): string {
  return (
    config.exchangedAuthCredential?.oauth2?.redirectUri ??
    config.rawAuthCredential?.oauth2?.redirectUri ??
    fallback
  );
}

function authorizationUri(config: AuthConfig, redirectUri: string): string | undefined {
  const authUri =
    config.exchangedAuthCredential?.oauth2?.authUri ?? config.rawAuthCredential?.oauth2?.authUri;
  if (authUri === undefined) return undefined;
  if (/[?&]redirect_uri=/.test(authUri)) return authUri;
  const separator = authUri.includes('?') ? '&' : '?';
  return `${authUri}${separator}redirect_uri=${encodeURIComponent(redirectUriOf(config, redirectUri))}`;
}

function typedCredential(
  config: AuthConfig,
  line: string,
  redirectUri: string,
): AuthCredential | Record<string, unknown> | undefined {
  const scheme = config.authScheme;
  if (line.startsWith('{')) return undefined;
  switch (scheme.type) {
    case 'apiKey':
      return { authType: 'apiKey', apiKey: line };
    case 'http': {
      if (scheme.scheme.toLowerCase() !== 'basic') {
        return { authType: 'http', http: { scheme: scheme.scheme, credentials: { token: line } } };
      }
      const colon = line.indexOf(':');
      const username = colon < 0 ? line : line.slice(0, colon);
      const password = colon < 0 ? '' : line.slice(colon + 1);
      return {
        authType: 'http',
        http: { scheme: scheme.scheme, credentials: { username, password } },
      };
    }
    case 'oauth2':
    case 'openIdConnect': {
      const requested = config.exchangedAuthCredential ?? config.rawAuthCredential;
      return {
        ...requested,
        authType: requested?.authType ?? scheme.type,
        oauth2: {
          ...requested?.oauth2,
          authResponseUri: line,
          redirectUri: redirectUriOf(config, redirectUri),
        },
      };
    }
  }
}

function parseJsonObject(line: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(line) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
