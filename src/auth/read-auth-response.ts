import { AuthCredential } from './auth-credential.js';
import type { AuthConfig } from './auth-config.js';
import { authModelToCamelCase } from './auth-json.js';
import { credentialKeyOf } from './credential-key.js';

/**
 * The credential the client gave for `config`, read from session state
 * (Python `AuthHandler.get_auth_response`): under `temp:<credentialKey>`,
 * else under `<credentialKey>` (where a `SessionStateCredentialService` or
 * the application put it). A stored string is read as the secret the scheme
 * takes (API key, HTTP token, OAuth2 access token). The OAuth2 client the
 * tool configured is put back, since state holds no client secret.
 * Undefined when nothing usable is stored.
 */
export function readAuthResponse(
  config: AuthConfig,
  readState: (key: string) => unknown,
): AuthCredential | undefined {
  const key = config.credentialKey ?? credentialKeyOf(config);
  for (const stateKey of [`temp:${key}`, key]) {
    const value = readState(stateKey);
    let credential: AuthCredential | undefined;
    if (typeof value === 'string' && value) credential = fromSecret(config, value);
    else if (value !== null && typeof value === 'object') {
      const parsed = AuthCredential.safeParse(authModelToCamelCase(value));
      credential = parsed.success ? parsed.data : undefined;
    }
    if (credential) return withConfiguredClient(config, credential);
  }
  return undefined;
}

function fromSecret(config: AuthConfig, secret: string): AuthCredential {
  const scheme = config.authScheme;
  if (scheme.type === 'apiKey') return AuthCredential.parse({ authType: 'apiKey', apiKey: secret });
  if (scheme.type === 'http') {
    return AuthCredential.parse({
      authType: 'http',
      http: { scheme: scheme.scheme, credentials: { token: secret } },
    });
  }
  return AuthCredential.parse({ authType: 'oauth2', oauth2: { accessToken: secret } });
}

function withConfiguredClient(config: AuthConfig, credential: AuthCredential): AuthCredential {
  const raw = config.rawAuthCredential?.oauth2;
  if (!raw || !credential.oauth2) return credential;
  const oauth2 = { ...credential.oauth2 };
  if (raw.clientId !== undefined) oauth2.clientId = raw.clientId;
  if (raw.clientSecret !== undefined) oauth2.clientSecret = raw.clientSecret;
  return { ...credential, oauth2 };
}
