import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { AuthScheme, AuthSchemeType } from './auth-schemes.js';
import type { BaseAuthProvider } from './base-auth-provider.js';

/**
 * The providers of an application, one per auth scheme type (Python
 * `AuthProviderRegistry`, which keys them by scheme class; here the class is
 * the scheme's `type`). A later registration for a type replaces the
 * earlier one.
 */
export class AuthProviderRegistry {
  private readonly providers = new Map<AuthSchemeType, BaseAuthProvider>();

  /**
   * Registers `provider` for `schemeType`, or, given the provider alone, for
   * each of its `supportedAuthSchemes`. Throws `InvalidArgumentError` when
   * the provider alone declares no scheme.
   */
  register(schemeType: AuthSchemeType, provider: BaseAuthProvider): void;
  register(provider: BaseAuthProvider): void;
  register(first: AuthSchemeType | BaseAuthProvider, second?: BaseAuthProvider): void {
    if (typeof first === 'string') {
      if (!second) {
        throw new InvalidArgumentError({
          message: `No provider given for the ${first} scheme.`,
          argument: 'provider',
        });
      }
      this.providers.set(first, second);
      return;
    }
    const types = first.supportedAuthSchemes;
    if (types.length === 0) {
      throw new InvalidArgumentError({
        message:
          'The provider declares no supportedAuthSchemes: register it with a scheme type ' +
          '(register(schemeType, provider)).',
        argument: 'provider',
      });
    }
    for (const type of types) this.providers.set(type, first);
  }

  /** The provider for a scheme or a scheme type, or undefined when none is registered. */
  getProvider(scheme: AuthScheme | AuthSchemeType): BaseAuthProvider | undefined {
    return this.providers.get(typeof scheme === 'string' ? scheme : scheme.type);
  }
}
