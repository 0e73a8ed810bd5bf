import type { AuthCredential } from '../../auth/auth-credential.js';
import type { AuthProviderRegistry } from '../../auth/auth-provider-registry.js';
import type { AuthScheme } from '../../auth/auth-schemes.js';
import type { ReadonlyContext } from '../../context/readonly-context.js';
import type { FunctionDeclaration } from '../../types/index.js';
import { deepClone } from '../../utils/deep-clone.js';
import { PACKAGE_VERSION } from '../../utils/package-version.js';
import { resolveCredential } from '../base-authenticated-tool.js';
import { BaseTool, type RunToolArguments } from '../base-tool.js';
import { CredentialManager } from '../credential-manager.js';
import { toGeminiSchema, toSnakeCase } from '../gemini-schema-util.js';
import type { OperationEndpoint, ParsedOperation } from './openapi-spec-parser.js';
import type { OperationParser } from './operation-parser.js';
import { credentialToParam } from './credential-to-param.js';
import { prepareRequest, type PreparedRequest } from './prepare-request.js';
import {
  PENDING_AUTH_RESPONSE,
  toAuthCredential,
  type AuthCredentialInput,
  toAuthScheme,
} from './tool-auth.js';

const restApiToolMarker = Symbol.for('adk-ts.tool.RestApiTool');

/**
 * Extra headers for each call, computed from the running invocation
 * (Python's `header_provider`); they replace headers of the same name.
 */
export type RestApiHeaderProvider = (
  context: ReadonlyContext,
) => Record<string, string> | undefined | Promise<Record<string, string> | undefined>;

/** Options of `new RestApiTool(...)`; `RestApiTool.fromParsedOperation` fills them from a spec. */
export interface RestApiToolOptions {
  /** The tool name; cut to 60 characters (Gemini's limit is 64). */
  name: string;
  description: string;
  /** Base URL, path template and method. */
  endpoint: OperationEndpoint;
  /** The operation's parsed arguments. */
  operationParser: OperationParser;
  /** Headers added to every call. */
  headerProvider?: RestApiHeaderProvider;
  /** How the API authenticates (an OpenAPI security scheme), as object or JSON text. */
  authScheme?: AuthScheme | string;
  /** The credential for `authScheme`; without its secret, the client is asked for one. */
  authCredential?: AuthCredentialInput | string;
  /** The key the credential is stored and answered under; default derived from scheme and credential. */
  credentialKey?: string;
  /** Providers consulted first, by scheme type; default the App's (`App.authProviderRegistry`). */
  authProviderRegistry?: AuthProviderRegistry;
}

/** Auth settings `fromParsedOperation` passes on to the tool. */
export interface RestApiToolAuth {
  headerProvider?: RestApiHeaderProvider | undefined;
  authScheme?: AuthScheme | string | undefined;
  authCredential?: AuthCredentialInput | string | undefined;
  credentialKey?: string | undefined;
  authProviderRegistry?: AuthProviderRegistry | undefined;
}

/**
 * One operation of a REST API as a tool (Python's `RestApiTool`).
 *
 * Declaration: `{description, name, parameters}`, the parameters being the
 * operation's argument schema (`OperationParser.getJsonSchema`) converted by
 * `toGeminiSchema` (Python's `_to_gemini_schema`).
 *
 * Running: required arguments the model left out take their schema's
 * `default`; the request is built by `prepareRequest`, the
 * `headerProvider`'s headers are added, and it is sent with `fetch`.
 *
 * Auth: with an `authScheme`, the credential is resolved by a
 * `CredentialManager` over `{authScheme, rawAuthCredential: authCredential,
 * credentialKey}`: the registered provider for the scheme type, the
 * configured credential when it holds its secret, the Runner's credential
 * service, the client's answer; an OAuth2 one is exchanged or refreshed
 * there. It is sent as the scheme says (`credentialToParam`: API key
 * header, query or cookie; `Authorization: Bearer`/`Basic`). When nothing
 * has it, the client is asked (`adk_request_credential`, with the
 * authorization URI for OAuth2) and the result is `{pending: true, message}`
 * (Python's); no request is sent. A provider that fails is an
 * `AuthProviderError`, a refused code exchange a `CredentialExchangeError`,
 * a config that cannot be asked for (OAuth2 without client id or
 * authorization endpoint) an `InvalidArgumentError`.
 *
 * The result is the response's JSON, or `{text}` when the body is
 * not JSON. A status of 400 or more gives `{error: "Tool <name> execution
 * failed. … Execution Error: Status Code: <status>, <body>"}` (Python's
 * text); for 401 and 403 a sentence follows saying that the API rejected
 * the credential (or that the tool sent none), so the model tells the user
 * instead of retrying. A request that cannot be sent (refused connection, bad URL)
 * gives the same text with the failure's message, so the model can react;
 * only an abort of the invocation propagates.
 */
export class RestApiTool extends BaseTool {
  private readonly [restApiToolMarker] = true;
  readonly endpoint: OperationEndpoint;
  readonly operationParser: OperationParser;
  private readonly headerProvider: RestApiHeaderProvider | undefined;
  private authScheme: AuthScheme | undefined;
  private authCredential: AuthCredential | undefined;
  private credentialKey: string | undefined;
  private readonly authProviderRegistry: AuthProviderRegistry | undefined;
  // Built at the first call and again after a configure* call.
  private credentialManager: CredentialManager | undefined;
  private readonly declaration: FunctionDeclaration;

  constructor({
    name,
    description,
    endpoint,
    operationParser,
    headerProvider,
    authScheme,
    authCredential,
    credentialKey,
    authProviderRegistry,
  }: RestApiToolOptions) {
    super({ name: name.slice(0, 60), description });
    this.endpoint = endpoint;
    this.operationParser = operationParser;
    this.headerProvider = headerProvider;
    this.authScheme = authScheme === undefined ? undefined : toAuthScheme(authScheme);
    this.authCredential =
      authCredential === undefined ? undefined : toAuthCredential(authCredential);
    this.credentialKey = credentialKey;
    this.authProviderRegistry = authProviderRegistry;
    const parameters = toGeminiSchema(operationParser.getJsonSchema());
    this.declaration = {
      description: this.description,
      name: this.name,
      ...(parameters === undefined ? {} : { parameters }),
    };
  }

  /** The tool of one parsed operation (Python's `from_parsed_operation`). */
  static fromParsedOperation(parsed: ParsedOperation, auth: RestApiToolAuth = {}): RestApiTool {
    const { headerProvider, authScheme, authCredential, credentialKey, authProviderRegistry } =
      auth;
    return new RestApiTool({
      ...(headerProvider ? { headerProvider } : {}),
      ...(credentialKey ? { credentialKey } : {}),
      ...(authProviderRegistry ? { authProviderRegistry } : {}),
      // A scheme given by the caller replaces the document's, as Python's toolset does.
      ...(authScheme === undefined
        ? parsed.authScheme === undefined
          ? {}
          : { authScheme: parsed.authScheme }
        : { authScheme }),
      ...(authCredential === undefined ? {} : { authCredential }),
      // Python snake-cases the cut name again, dropping a trailing `_`.
      name: toSnakeCase(parsed.name),
      description: parsed.description,
      endpoint: parsed.endpoint,
      operationParser: parsed.parser,
    });
  }

  /** True for any RestApiTool, including one from another copy of this package. */
  static isInstance(value: unknown): value is RestApiTool {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[restApiToolMarker] === true
    );
  }

  /**
   * Sets how the API authenticates (Python's `configure_auth_scheme`), from
   * an object or JSON text. Throws `InvalidArgumentError` for an invalid one.
   */
  configureAuthScheme(authScheme: AuthScheme | string): void {
    this.authScheme = toAuthScheme(authScheme);
    this.credentialManager = undefined;
  }

  /**
   * Sets the credential (Python's `configure_auth_credential`), from an
   * object (camelCase or snake_case) or JSON text. Throws
   * `InvalidArgumentError` for an invalid one.
   */
  configureAuthCredential(authCredential: AuthCredentialInput | string): void {
    this.authCredential = toAuthCredential(authCredential);
    this.credentialManager = undefined;
  }

  /**
   * Sets the key the credential is stored and answered under (Python's
   * `configure_credential_key`); undefined derives it from scheme and credential.
   */
  configureCredentialKey(credentialKey?: string): void {
    this.credentialKey = credentialKey;
    this.credentialManager = undefined;
  }

  /** The function declaration sent to the model (a fresh copy each call). */
  override getDeclaration(): FunctionDeclaration {
    // `name` may be a toolset prefix's; the declaration follows it.
    return { ...deepClone(this.declaration), name: this.name };
  }

  /** Calls the API (see the class comment). */
  override async runAsync({ args, context }: RunToolArguments): Promise<unknown> {
    const credential = await resolveCredential(this.manager(), context);
    if (credential === 'pending') return { ...PENDING_AUTH_RESPONSE };
    const signal = context.invocation.abortSignal;
    let response: Response;
    try {
      // Inside the try: a document without a usable server URL fails here.
      const request = this.prepare(args, credential);
      const extra = this.headerProvider ? await this.headerProvider(context) : undefined;
      Object.assign(request.headers, extra);
      response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body ?? null,
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      return { error: this.failure(error instanceof Error ? error.message : String(error)) };
    }
    const body = await response.text();
    if (response.status >= 400) {
      const details = `Status Code: ${response.status}, ${body}`;
      return { error: this.failure(details) + authFailureHint(response.status, credential) };
    }
    try {
      return JSON.parse(body) as unknown;
    } catch {
      return { text: body };
    }
  }

  /**
   * The request a call with `args` sends with `credential` (exposed for
   * inspection and tests). Throws `InvalidArgumentError` for a credential the
   * tool's scheme cannot send.
   */
  prepare(args: Record<string, unknown>, credential?: AuthCredential): PreparedRequest {
    const parameters = [...this.operationParser.getParameters()];
    const filled = { ...args };
    for (const param of parameters) {
      const fallback = param.paramSchema['default'];
      if (
        !(param.pyName in filled) &&
        param.required &&
        fallback !== undefined &&
        fallback !== null
      ) {
        filled[param.pyName] = fallback;
      }
    }
    const auth = this.authScheme ? credentialToParam(this.authScheme, credential) : undefined;
    if (auth) {
      parameters.unshift(auth.param);
      Object.assign(filled, auth.args);
    }
    return prepareRequest({
      endpoint: this.endpoint,
      operation: this.operationParser.operation,
      parameters,
      args: filled,
      userAgent: `adk-ts/${PACKAGE_VERSION} (tool: ${this.name})`,
    });
  }

  private manager(): CredentialManager | undefined {
    if (!this.authScheme) return undefined;
    this.credentialManager ??= new CredentialManager({
      authConfig: {
        authScheme: this.authScheme,
        ...(this.authCredential ? { rawAuthCredential: this.authCredential } : {}),
        ...(this.credentialKey ? { credentialKey: this.credentialKey } : {}),
      },
      authProviderRegistry: this.authProviderRegistry,
    });
    return this.credentialManager;
  }

  private failure(details: string): string {
    return (
      `Tool ${this.name} execution failed. Analyze this execution error` +
      ' and your inputs. Retry with adjustments if applicable. But' +
      " make sure don't retry more than 3 times. Execution Error:" +
      ` ${details}`
    );
  }
}

// What a 401/403 means for the model: Python's text alone invites a retry
// that cannot succeed with the same credential.
function authFailureHint(status: number, credential: AuthCredential | undefined): string {
  if (status === 401) {
    return credential
      ? ' The API rejected the credential (401 Unauthorized): it is wrong, expired or' +
          ' revoked. Retrying with it will not help; tell the user.'
      : ' The API needs a credential (401 Unauthorized), and this tool has none' +
          ' configured. Retrying will not help; tell the user.';
  }
  if (status === 403) {
    return (
      ' The API refused access (403 Forbidden): the credential lacks the permission' +
      ' or scope for this operation. Retrying will not help; tell the user.'
    );
  }
  return '';
}
