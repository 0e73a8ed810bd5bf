import { createHash } from 'node:crypto';
import type { AuthCredential } from './auth-credential.js';
import { AUTH_SCHEME_KEYS, type AuthScheme } from './auth-schemes.js';

/**
 * The key a credential is stored under when its config names none (Python
 * `AuthConfig.get_credential_key`):
 * `adk_<scheme type>_<digest>_<credential type>_<digest>`, each digest the
 * first 16 hex digits of the SHA-256 of the model's canonical JSON (keys
 * sorted, no spaces). The scheme's unknown keys and the OAuth2 fields that
 * change during a flow (authorization URI, state, code, tokens, expiry) do
 * not count, so the same tool gets the same key on every call.
 */
export function credentialKeyOf(config: {
  authScheme: AuthScheme;
  rawAuthCredential?: AuthCredential | undefined;
}): string {
  const scheme = config.authScheme as Record<string, unknown>;
  const known: Record<string, unknown> = {};
  for (const key of AUTH_SCHEME_KEYS[config.authScheme.type]) {
    if (Object.hasOwn(scheme, key) && scheme[key] !== undefined) known[key] = scheme[key];
  }
  const schemeName = `${config.authScheme.type}_${digest(known)}`;
  const credential = config.rawAuthCredential;
  if (!credential) return `adk_${schemeName}_`;
  let stable: AuthCredential = credential;
  if (credential.oauth2) {
    const {
      authUri: _authUri,
      state: _state,
      authResponseUri: _authResponseUri,
      authCode: _authCode,
      accessToken: _accessToken,
      refreshToken: _refreshToken,
      expiresAt: _expiresAt,
      expiresIn: _expiresIn,
      ...oauth2
    } = credential.oauth2;
    stable = { ...credential, oauth2 };
  }
  return `adk_${schemeName}_${credential.authType}_${digest(stable)}`;
}

function digest(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value), 'utf8').digest('hex').slice(0, 16);
}

// Python's json.dumps(sort_keys=True, separators=(',', ':'), ensure_ascii=False).
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined && item !== null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}
