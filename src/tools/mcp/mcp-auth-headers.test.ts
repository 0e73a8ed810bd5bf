import { describe, expect, it } from 'vitest';
import { AuthCredential } from '../../auth/auth-credential.js';
import { NotSupportedError } from '../../errors/not-supported-error.js';
import { mcpAuthHeaders } from './mcp-auth-headers.js';

describe('mcpAuthHeaders (Python McpTool._get_headers)', () => {
  it('sends an OAuth2 access token as a bearer token', () => {
    expect(
      mcpAuthHeaders(
        AuthCredential.parse({ authType: 'oauth2', oauth2: { accessToken: 'at' } }),
        undefined,
      ),
    ).toEqual({ Authorization: 'Bearer at' });
  });

  it('writes HTTP bearer, basic and other schemes, with the additional headers', () => {
    expect(
      mcpAuthHeaders(
        { authType: 'http', http: { scheme: 'Bearer', credentials: { token: 't' } } },
        undefined,
      ),
    ).toEqual({ Authorization: 'Bearer t' });
    expect(
      mcpAuthHeaders(
        {
          authType: 'http',
          http: { scheme: 'basic', credentials: { username: 'u', password: 'p' } },
        },
        undefined,
      ),
    ).toEqual({ Authorization: `Basic ${Buffer.from('u:p').toString('base64')}` });
    expect(
      mcpAuthHeaders(
        {
          authType: 'http',
          http: {
            scheme: 'Token',
            credentials: { token: 't' },
            additionalHeaders: { 'X-Tenant': 'acme' },
          },
        },
        undefined,
      ),
    ).toEqual({ Authorization: 'Token t', 'X-Tenant': 'acme' });
    // Basic without a password gives no Authorization header.
    expect(
      mcpAuthHeaders(
        { authType: 'http', http: { scheme: 'basic', credentials: { username: 'u' } } },
        undefined,
      ),
    ).toBeUndefined();
  });

  it('puts an API key in the header the scheme names, and refuses a query or cookie key', () => {
    const credential = { authType: 'apiKey' as const, apiKey: 'k' };
    expect(mcpAuthHeaders(credential, { type: 'apiKey', in: 'header', name: 'X-Key' })).toEqual({
      'X-Key': 'k',
    });
    for (const where of ['query', 'cookie'] as const) {
      const attempt = () => mcpAuthHeaders(credential, { type: 'apiKey', in: where, name: 'k' });
      expect(attempt).toThrow(
        `McpTool only supports header-based API key authentication. Configured location: ${where}`,
      );
      try {
        attempt();
      } catch (error) {
        expect(NotSupportedError.isInstance(error)).toBe(true);
      }
    }
    expect(() => mcpAuthHeaders(credential, { type: 'http', scheme: 'bearer' })).toThrow(
      NotSupportedError,
    );
  });

  it('gives nothing without a credential or for an unexchanged service account', () => {
    expect(mcpAuthHeaders(undefined, undefined)).toBeUndefined();
    expect(
      mcpAuthHeaders(
        AuthCredential.parse({
          authType: 'serviceAccount',
          serviceAccount: { useDefaultCredential: true },
        }),
        undefined,
      ),
    ).toBeUndefined();
  });
});
