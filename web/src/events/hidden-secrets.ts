import type { WireEvent, WirePart } from '../api/types';
import { REQUEST_CREDENTIAL } from '../chat/credential-request';

/** What a hidden secret shows as. */
export const HIDDEN_SECRET = '(hidden)';

// The secret fields of adk-python's AuthCredential, both casings. The
// authorization response URI is one: it holds the authorization code.
const SECRET_KEYS = new Set([
  'apiKey',
  'api_key',
  'token',
  'password',
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
  'clientSecret',
  'client_secret',
  'codeVerifier',
  'code_verifier',
  'serviceAccountCredential',
  'service_account_credential',
]);

function hide(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hide);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      SECRET_KEYS.has(key) && inner !== null && inner !== undefined && inner !== ''
        ? HIDDEN_SECRET
        : hide(inner),
    ]),
  );
}

function hidePart(part: WirePart): WirePart {
  const answer = part.functionResponse;
  if (answer?.name !== REQUEST_CREDENTIAL) return part;
  // The bare API key string an answer may be is a secret as a whole.
  const response =
    typeof answer.response === 'object' && answer.response !== null
      ? (hide(answer.response) as Record<string, unknown>)
      : answer.response === undefined
        ? undefined
        : HIDDEN_SECRET;
  return {
    ...part,
    functionResponse: {
      ...answer,
      ...(response === undefined ? {} : { response }),
    } as typeof answer,
  };
}

/**
 * The event as the inspector shows it: the credentials the user sent in
 * answer to `adk_request_credential` (API keys, tokens, passwords, the OAuth2
 * authorization response) replaced by `(hidden)`. Everything else, and the
 * event itself, is unchanged.
 */
export function hideCredentialSecrets(event: WireEvent): WireEvent {
  const parts = event.content?.parts;
  if (!parts?.some((part) => part.functionResponse?.name === REQUEST_CREDENTIAL)) return event;
  return { ...event, content: { ...event.content, parts: parts.map(hidePart) } };
}
