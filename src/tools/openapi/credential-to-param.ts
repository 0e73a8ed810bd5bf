import type { AuthCredential } from '../../auth/auth-credential.js';
import type { AuthScheme } from '../../auth/auth-schemes.js';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import type { ApiParameter } from './api-parameter.js';

/**
 * The prefix of the argument names a credential travels under (Python's
 * `INTERNAL_AUTH_PREFIX`): no declared argument starts with it, so the model
 * cannot set or override the credential.
 */
export const INTERNAL_AUTH_PREFIX = '_auth_prefix_vaf_';

/** A credential as one more request parameter and its argument. */
export interface AuthParam {
  param: ApiParameter;
  args: Record<string, string>;
}

/**
 * Turns a credential into the request parameter that carries it (Python's
 * `credential_to_param`):
 *
 * - an `apiKey` scheme with a key: the key in the scheme's header, query
 *   parameter or cookie, named by the scheme;
 * - an HTTP token (an `http` credential, or what an OAuth2/OpenID Connect
 *   flow produced: an `http` token or an OAuth2 access token):
 *   `Authorization: Bearer <token>`;
 * - an `http` credential with user name and password:
 *   `Authorization: Basic <base64(user:password)>`.
 *
 * Undefined when there is no credential, or an OAuth2/OpenID Connect one
 * that holds no token yet. Throws `InvalidArgumentError` for a credential
 * the scheme cannot send (Python raises `ValueError`).
 */
export function credentialToParam(
  scheme: AuthScheme,
  credential: AuthCredential | undefined,
): AuthParam | undefined {
  if (!credential) return undefined;
  if (scheme.type === 'apiKey' && credential.apiKey) {
    return authParam(scheme.name, scheme.in, scheme.description ?? '', credential.apiKey);
  }
  const token = credential.http?.credentials.token ?? credential.oauth2?.accessToken;
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
    if (!token) return undefined;
    return bearer(token, scheme.description ?? `${scheme.type} bearer token`);
  }
  if (credential.authType === 'http' && credential.http) {
    const { token: httpToken, username, password } = credential.http.credentials;
    if (httpToken) return bearer(httpToken, scheme.description ?? 'Bearer token');
    if (username !== undefined && password !== undefined) {
      const encoded = Buffer.from(`${username}:${password}`, 'utf8').toString('base64');
      return authParam(
        'Authorization',
        'header',
        scheme.description ?? 'Basic credentials',
        `Basic ${encoded}`,
      );
    }
    throw new InvalidArgumentError({
      message: 'Invalid HTTP auth credentials: neither a token nor a user name and password.',
      argument: 'authCredential',
    });
  }
  throw new InvalidArgumentError({
    message: `Invalid security scheme and credential combination: ${scheme.type} scheme, ${credential.authType} credential.`,
    argument: 'authCredential',
  });
}

function bearer(token: string, description: string): AuthParam {
  return authParam('Authorization', 'header', description, `Bearer ${token}`);
}

function authParam(
  originalName: string,
  paramLocation: 'header' | 'query' | 'cookie',
  description: string,
  value: string,
): AuthParam {
  const pyName = `${INTERNAL_AUTH_PREFIX}${originalName}`;
  return {
    param: {
      originalName,
      paramLocation,
      paramSchema: { type: 'string' },
      description,
      pyName,
      required: false,
    },
    args: { [pyName]: value },
  };
}
