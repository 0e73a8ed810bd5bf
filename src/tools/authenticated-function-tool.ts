import type { AuthCredential } from '../auth/auth-credential.js';
import type { Context } from '../context/context.js';
import {
  credentialManagerOf,
  PENDING_USER_AUTHORIZATION,
  resolveCredential,
  type AuthenticatedToolOptions,
} from './base-authenticated-tool.js';
import type { RunToolArguments } from './base-tool.js';
import type { CredentialManager } from './credential-manager.js';
import {
  FunctionTool,
  type FunctionToolArguments,
  type FunctionToolOptions,
  type FunctionToolParameters,
} from './function-tool.js';

/**
 * The function an `AuthenticatedFunctionTool` runs: the validated
 * arguments, the tool context and the credential (undefined only when the
 * tool has no `authConfig`).
 */
export type AuthenticatedFunctionToolExecute<TParameters> = (
  args: FunctionToolArguments<TParameters>,
  context: Context,
  credential: AuthCredential | undefined,
) => unknown;

/** Options of `new AuthenticatedFunctionTool(...)`. */
export interface AuthenticatedFunctionToolOptions<
  TParameters extends FunctionToolParameters | undefined,
>
  extends
    Omit<FunctionToolOptions<TParameters>, 'execute' | 'streaming' | 'inputStream'>,
    AuthenticatedToolOptions {
  /** The function to run once the credential is resolved. */
  execute: AuthenticatedFunctionToolExecute<TParameters>;
}

/**
 * A `FunctionTool` whose function receives the credential (Python
 * `AuthenticatedFunctionTool`). Before the function runs, the credential is
 * resolved as `BaseAuthenticatedTool` resolves it; when nothing has it, the
 * tool asks the client (`adk_request_credential`) and returns
 * `responseForAuthRequired` (default "Pending User Authorization."), and
 * the function runs on the call's next attempt, once the client answered.
 * Arguments are validated and confirmation handled as in `FunctionTool`,
 * after the credential is resolved. Not a streaming tool.
 */
export class AuthenticatedFunctionTool<
  TParameters extends FunctionToolParameters | undefined = undefined,
> extends FunctionTool<TParameters> {
  private readonly credentialManager: CredentialManager | undefined;
  private readonly responseForAuthRequired: Record<string, unknown> | string | undefined;
  // The credential of each running call, read by the wrapped function; a
  // tool context belongs to one call.
  private readonly credentials: WeakMap<Context, AuthCredential | undefined>;

  constructor(options: AuthenticatedFunctionToolOptions<TParameters>) {
    const {
      execute,
      authConfig,
      responseForAuthRequired,
      authProviderRegistry,
      ...functionOptions
    } = options;
    const credentials = new WeakMap<Context, AuthCredential | undefined>();
    super({
      ...functionOptions,
      name: options.name ?? execute.name,
      streaming: false,
      execute: (args, context) => execute(args, context, credentials.get(context)),
    });
    this.credentials = credentials;
    this.credentialManager = credentialManagerOf({ authConfig, authProviderRegistry });
    this.responseForAuthRequired = responseForAuthRequired;
  }

  /** Resolves the credential or asks for it, then runs as a `FunctionTool`. */
  override async runAsync({ args, context }: RunToolArguments): Promise<unknown> {
    const resolved = await resolveCredential(this.credentialManager, context);
    if (resolved === 'pending') return this.responseForAuthRequired ?? PENDING_USER_AUTHORIZATION;
    this.credentials.set(context, resolved);
    try {
      return await super.runAsync({ args, context });
    } finally {
      this.credentials.delete(context);
    }
  }
}
