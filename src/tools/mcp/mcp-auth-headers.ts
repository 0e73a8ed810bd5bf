import type { AuthCredential } from '../../auth/auth-credential.js';
import type { AuthScheme } from '../../auth/auth-schemes.js';
import { NotSupportedError } from '../../errors/not-supported-error.js';
import { logger } from '../../utils/logger.js';

/**
 * The HTTP headers that carry `credential` to an MCP server (Python
 * `McpTool._get_headers`), or undefined when it gives none:
 *
 * - OAuth2 / OpenID Connect: `Authorization: Bearer <access token>`;
 * - HTTP `bearer` with a token: `Authorization: Bearer <token>`; `basic`
 *   with user name and password: `Authorization: Basic <base64(user:password)>`;
 *   any other HTTP scheme with a token: `Authorization: <scheme> <token>`;
 *   `additionalHeaders` are added in every case;
 * - API key: the scheme's header `name: <key>`. An API key needs an
 *   `apiKey` scheme whose `in` is `header`: MCP has no query string or
 *   cookie of its own, so anything else is a `NotSupportedError`;
 * - a service account (not exchanged for a token first): nothing, with a warning.
 */
export function mcpAuthHeaders(
  credential: AuthCredential | undefined,
  scheme: AuthScheme | undefined,
): Record<string, string> | undefined {
  if (!credential) return undefined;
  if (credential.oauth2) {
    return { Authorization: `Bearer ${credential.oauth2.accessToken ?? ''}` };
  }
  if (credential.http) return httpHeaders(credential.http);
  if (credential.apiKey) {
    if (scheme?.type !== 'apiKey') {
      throw new NotSupportedError({
        message: 'Cannot find corresponding auth scheme for API key credential.',
      });
    }
    if (scheme.in !== 'header') {
      throw new NotSupportedError({
        message: `McpTool only supports header-based API key authentication. Configured location: ${scheme.in}`,
      });
    }
    return { [scheme.name]: credential.apiKey };
  }
  if (credential.serviceAccount) {
    logger.warn('Service account credentials should be exchanged before MCP session creation');
  }
  return undefined;
}

function httpHeaders(
  http: NonNullable<AuthCredential['http']>,
): Record<string, string> | undefined {
  const { scheme, credentials } = http;
  let headers: Record<string, string> | undefined;
  if (scheme.toLowerCase() === 'bearer') {
    if (credentials.token) headers = { Authorization: `Bearer ${credentials.token}` };
  } else if (scheme.toLowerCase() === 'basic') {
    if (credentials.username && credentials.password) {
      const encoded = Buffer.from(`${credentials.username}:${credentials.password}`).toString(
        'base64',
      );
      headers = { Authorization: `Basic ${encoded}` };
    }
  } else if (credentials.token) {
    headers = { Authorization: `${scheme} ${credentials.token}` };
  }
  if (http.additionalHeaders) headers = { ...headers, ...http.additionalHeaders };
  return headers;
}
