import type { z } from 'zod';
import { AuthCredential } from '../../auth/auth-credential.js';
import { authModelToCamelCase } from '../../auth/auth-json.js';
import { AuthScheme } from '../../auth/auth-schemes.js';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';

/** A credential as a caller writes it (defaults not yet applied). */
export type AuthCredentialInput = z.input<typeof AuthCredential>;

/** What a REST API tool answers while it waits for the client's credential (Python's text). */
export const PENDING_AUTH_RESPONSE = {
  pending: true,
  message: 'Needs your authorization to access your data.',
} as const;

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
