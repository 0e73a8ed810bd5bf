import { isPlainObject } from '../utils/is-plain-object.js';

/** What a secret reads as once redacted. */
export const REDACTED = '<redacted>';

// The fields of a credential (AuthCredential, camelCase or snake_case) that
// hold or lead to a secret. An OAuth2 redirect carries the code, and the PKCE
// verifier redeems it, so both go too.
const SECRET_FIELDS = new Set([
  'apiKey',
  'api_key',
  'token',
  'password',
  'clientSecret',
  'client_secret',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'idToken',
  'id_token',
  'authCode',
  'auth_code',
  'authResponseUri',
  'auth_response_uri',
  'codeVerifier',
  'code_verifier',
  'privateKey',
  'private_key',
  'serviceAccountCredential',
  'service_account_credential',
]);

/**
 * A copy of `value` where every credential (an object with an `authType` or
 * `auth_type` string, at any depth: an `AuthCredential`, including inside an
 * `AuthConfig` or a client's answer) has its secret fields replaced by
 * `REDACTED`: API key, HTTP token and password, OAuth2 client secret,
 * tokens, authorization code and response URI, PKCE verifier, service
 * account key. Other
 * values (and objects that are not plain) are kept as they are; `value` is
 * not changed; a cycle becomes the text `<cycle>`. For debug output
 * that may leave the machine; stored data keeps the credential.
 */
export function redactCredentials(value: unknown): unknown {
  return redact(value, false, new Set());
}

// `ancestors` holds the objects being copied, to stop at a cycle; an object
// met twice elsewhere is redacted each time.
function redact(value: unknown, inCredential: boolean, ancestors: Set<object>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  // Kept as the original, a cycle would carry the secrets back in.
  if (ancestors.has(value)) return '<cycle>';
  if (!Array.isArray(value) && !isPlainObject(value)) return value;
  ancestors.add(value);
  try {
    return Array.isArray(value)
      ? value.map((item) => redact(item, inCredential, ancestors))
      : redactRecord(value, inCredential, ancestors);
  } finally {
    ancestors.delete(value);
  }
}

function redactRecord(
  record: Record<string, unknown>,
  inCredential: boolean,
  ancestors: Set<object>,
): Record<string, unknown> {
  const credential =
    inCredential ||
    typeof record['authType'] === 'string' ||
    typeof record['auth_type'] === 'string';
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) {
    copy[key] =
      credential && SECRET_FIELDS.has(key) && item !== undefined && item !== null
        ? REDACTED
        : redact(item, credential, ancestors);
  }
  return copy;
}
