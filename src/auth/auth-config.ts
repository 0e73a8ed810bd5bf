import { z } from 'zod';
import { AuthCredential } from './auth-credential.js';
import { authModelToCamelCase } from './auth-json.js';
import { AuthScheme } from './auth-schemes.js';
import { credentialKeyOf } from './credential-key.js';

/**
 * What a tool asks the client for (Python `AuthConfig`): how it
 * authenticates (`authScheme`), the credential it was configured with
 * (`rawAuthCredential`, e.g. an OAuth2 client), the credential the client
 * fills in (`exchangedAuthCredential`), and the key the credential is stored
 * under (`credentialKey`, derived from the scheme and raw credential when not
 * given). Written camelCase, as Python writes it `by_alias`.
 */
export const AuthConfig = z.object({
  authScheme: AuthScheme,
  rawAuthCredential: AuthCredential.optional(),
  exchangedAuthCredential: AuthCredential.optional(),
  credentialKey: z.string().optional(),
});
/** What a tool asks the client for; `credentialKey` is set once parsed by `parseAuthConfig`. */
export type AuthConfig = z.infer<typeof AuthConfig>;
/** An auth config as a tool writes it (defaults not yet applied). */
export type AuthConfigInput = z.input<typeof AuthConfig>;

/**
 * The arguments of an `adk_request_credential` call (Python
 * `AuthToolArguments`): the id of the tool call that asked and its config.
 */
export const AuthToolArguments = z.object({
  functionCallId: z.string(),
  authConfig: AuthConfig,
});
/** The arguments of an `adk_request_credential` call. */
export type AuthToolArguments = z.infer<typeof AuthToolArguments>;

/**
 * Validates an auth config written camelCase or snake_case and returns it
 * camelCase with its defaults and its `credentialKey` (the given one, one
 * named `credentialKey` on the scheme, or the derived key). Throws the zod
 * error when the value is not an auth config.
 */
export function parseAuthConfig(value: unknown): AuthConfig {
  const normalized = authModelToCamelCase(value);
  const config = AuthConfig.parse(normalized);
  if (config.credentialKey) return config;
  return { ...config, credentialKey: schemeCredentialKey(config) ?? credentialKeyOf(config) };
}

/**
 * Like `parseAuthConfig`, for the arguments of an `adk_request_credential`
 * call; undefined when they are not such arguments.
 */
export function parseAuthToolArguments(value: unknown): AuthToolArguments | undefined {
  const normalized = authModelToCamelCase(value) as Record<string, unknown> | undefined;
  const parsed = z.object({ functionCallId: z.string() }).safeParse(normalized);
  if (!parsed.success) return undefined;
  try {
    return {
      functionCallId: parsed.data.functionCallId,
      authConfig: parseAuthConfig(normalized?.['authConfig']),
    };
  } catch {
    return undefined;
  }
}

// Python lets a scheme carry its own key as an extra field.
function schemeCredentialKey(config: AuthConfig): string | undefined {
  const scheme = config.authScheme as Record<string, unknown>;
  for (const key of ['credential_key', 'credentialKey']) {
    const value = Object.hasOwn(scheme, key) ? scheme[key] : undefined;
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}
