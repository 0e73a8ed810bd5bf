import { isPlainObject } from '../utils/is-plain-object.js';

const toCamelCase = (key: string): string =>
  key.includes('_') ? key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()) : key;

// Where foreign keys live inside a credential, kept as written: header names, and the
// OAuth2 token response (`access_token`, …) older Python versions keep in `oauth2.token`.
const VERBATIM_KEYS = new Set(['additionalHeaders', 'token']);

/**
 * A credential or auth config as a client may write it (Python accepts its
 * fields by name or by alias, i.e. snake_case or camelCase) with its model
 * keys in camelCase. The auth scheme keeps OpenAPI's own spelling and header
 * maps keep their names. Values that are not objects are returned unchanged.
 */
export function authModelToCamelCase(value: unknown, isScheme = false): unknown {
  if (Array.isArray(value)) return value.map((item) => authModelToCamelCase(item, isScheme));
  if (!isPlainObject(value) || isScheme) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const camel = toCamelCase(key);
    // Python's ServiceAccountCredential spells its type field `type_`.
    const name = camel === 'type_' ? 'type' : camel;
    const converted = VERBATIM_KEYS.has(name)
      ? item
      : authModelToCamelCase(item, name === 'authScheme');
    Object.defineProperty(result, name, {
      value: converted,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return result;
}
