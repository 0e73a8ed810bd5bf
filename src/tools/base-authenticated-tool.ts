import type { AuthConfigInput } from '../auth/auth-config.js';
import type { AuthCredential } from '../auth/auth-credential.js';
import type { AuthProviderRegistry } from '../auth/auth-provider-registry.js';
import type { Context } from '../context/context.js';
import { BaseTool, type BaseToolOptions, type RunToolArguments } from './base-tool.js';
import { CredentialManager } from './credential-manager.js';

/** What an authenticated tool returns while the client has not given the credential (Python's). */
export const PENDING_USER_AUTHORIZATION = 'Pending User Authorization.';

/** The auth options shared by `BaseAuthenticatedTool` and `AuthenticatedFunctionTool`. */
export interface AuthenticatedToolOptions {
  /** How the tool authenticates; without it the tool runs with no credential. */
  authConfig?: AuthConfigInput | undefined;
  /** The tool's result while it waits for the client's credential; default `PENDING_USER_AUTHORIZATION`. */
  responseForAuthRequired?: Record<string, unknown> | string | undefined;
  /** Providers consulted before the client is asked, by scheme type. */
  authProviderRegistry?: AuthProviderRegistry | undefined;
}

/** Arguments of `BaseAuthenticatedTool.runAuthenticated`. */
export interface RunAuthenticatedArguments extends RunToolArguments {
  /** The resolved credential; undefined only when the tool has no `authConfig`. */
  credential: AuthCredential | undefined;
}

/**
 * A tool that gets its credential before it runs (Python
 * `BaseAuthenticatedTool`). `runAsync` resolves it through a
 * `CredentialManager` (provider, configured credential, credential service,
 * client's answer); when none has it, the tool asks the client
 * (`adk_request_credential`) and returns `responseForAuthRequired`. Otherwise
 * `runAuthenticated` runs with the credential.
 */
export abstract class BaseAuthenticatedTool extends BaseTool {
  private readonly credentialManager: CredentialManager | undefined;
  private readonly responseForAuthRequired: Record<string, unknown> | string | undefined;

  constructor(options: BaseToolOptions & AuthenticatedToolOptions) {
    super(options);
    this.credentialManager = credentialManagerOf(options);
    this.responseForAuthRequired = options.responseForAuthRequired;
  }

  /** Resolves the credential, or asks for it (see the class comment). */
  override async runAsync({ args, context }: RunToolArguments): Promise<unknown> {
    const resolved = await resolveCredential(this.credentialManager, context);
    if (resolved === 'pending') return this.responseForAuthRequired ?? PENDING_USER_AUTHORIZATION;
    return this.runAuthenticated({ args, context, credential: resolved });
  }

  /** The tool's work, given the credential. */
  protected abstract runAuthenticated(args: RunAuthenticatedArguments): Promise<unknown>;
}

/** The credential manager of a tool's auth options; undefined without an `authConfig`. */
export function credentialManagerOf(
  options: AuthenticatedToolOptions,
): CredentialManager | undefined {
  if (!options.authConfig) return undefined;
  return new CredentialManager({
    authConfig: options.authConfig,
    authProviderRegistry: options.authProviderRegistry,
  });
}

/**
 * The credential for the call, or `'pending'` after asking the client for
 * it; undefined when the tool has no credential manager.
 */
export async function resolveCredential(
  manager: CredentialManager | undefined,
  context: Context,
): Promise<AuthCredential | 'pending' | undefined> {
  if (!manager) return undefined;
  const credential = await manager.getAuthCredential(context);
  if (credential) return credential;
  manager.requestCredential(context);
  return 'pending';
}
