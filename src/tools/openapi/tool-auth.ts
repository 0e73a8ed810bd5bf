import type { z } from 'zod';
import type { AuthConfigInput } from '../../auth/auth-config.js';
import { AuthCredential } from '../../auth/auth-credential.js';
import { authModelToCamelCase } from '../../auth/auth-json.js';
import { AuthScheme } from '../../auth/auth-schemes.js';
import type { Context } from '../../context/context.js';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';

/** A credential as a caller writes it (defaults not yet applied). */
export type AuthCredentialInput = z.input<typeof AuthCredential>;

/** The outcome of `prepareToolAuth`: a credential to send, or a request to the client. */
export type ToolAuthPreparation =
  { state: 'done'; credential: AuthCredential | undefined } | { state: 'pending' };

/** What a REST API tool answers while it waits for the client's credential (Python's text). */
export const PENDING_AUTH_RESPONSE = {
  pending: true,
  message: 'Needs your authorization to access your data.',
} as const;

/** A tool's scheme and configured credential, for `prepareToolAuth`. */
export interface PrepareToolAuthRequest {
  context: Context;
  authScheme: AuthScheme | undefined;
  authCredential: AuthCredential | undefined;
}

/**
 * The credential a tool call sends (Python's
 * `ToolAuthHandler.prepare_auth_credentials`, without OAuth2 exchange):
 *
 * - no scheme: nothing to send;
 * - a configured credential that holds its secret (API key, HTTP token or
 *   user and password, OAuth2 access token): that one;
 * - else the client's answer (`context.getAuthResponse`);
 * - else the client is asked (`context.requestCredential`, with the scheme
 *   and the configured credential as `rawAuthCredential`) and the state is
 *   `pending`.
 *
 * Throws `InvalidArgumentError` when the config cannot be asked for (e.g.
 * an OAuth2 credential without its authorization URI).
 */
export function prepareToolAuth(request: PrepareToolAuthRequest): ToolAuthPreparation {
  const { context, authScheme, authCredential } = request;
  if (!authScheme) return { state: 'done', credential: undefined };
  if (authCredential && holdsSecret(authCredential)) {
    return { state: 'done', credential: authCredential };
  }
  const config: AuthConfigInput = {
    authScheme,
    ...(authCredential ? { rawAuthCredential: authCredential } : {}),
  };
  const answer = context.getAuthResponse(config);
  if (answer) return { state: 'done', credential: answer };
  context.requestCredential(config);
  return { state: 'pending' };
}

function holdsSecret(credential: AuthCredential): boolean {
  const http = credential.http?.credentials;
  switch (credential.authType) {
    case 'apiKey':
      return Boolean(credential.apiKey);
    case 'http':
      return Boolean(http?.token) || (http?.username !== undefined && http.password !== undefined);
    case 'oauth2':
    case 'openIdConnect':
      return Boolean(credential.oauth2?.accessToken ?? http?.token);
    default:
      // A service account needs an exchange this version does not make.
      return false;
  }
}

/**
 * An auth scheme given as an object or JSON text (Python's
 * `configure_auth_scheme` takes both), validated. Throws
 * `InvalidArgumentError` when it is not an OpenAPI security scheme.
 */
export function toAuthScheme(value: AuthScheme | string): AuthScheme {
  const parsed = AuthScheme.safeParse(typeof value === 'string' ? parseJson(value) : value);
  if (!parsed.success) {
    throw new InvalidArgumentError({
      message: `Invalid auth scheme: ${parsed.error.message}`,
      argument: 'authScheme',
    });
  }
  return parsed.data;
}

/**
 * A credential given as an object (camelCase or snake_case) or JSON text,
 * validated. Throws `InvalidArgumentError` when it is not a credential.
 */
export function toAuthCredential(value: AuthCredentialInput | string): AuthCredential {
  const raw = typeof value === 'string' ? parseJson(value) : value;
  const parsed = AuthCredential.safeParse(authModelToCamelCase(raw));
  if (!parsed.success) {
    throw new InvalidArgumentError({
      message: `Invalid auth credential: ${parsed.error.message}`,
      argument: 'authCredential',
    });
  }
  return parsed.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new InvalidArgumentError({
      message: `Auth settings must be JSON: ${(cause as Error).message}`,
      cause,
    });
  }
}
