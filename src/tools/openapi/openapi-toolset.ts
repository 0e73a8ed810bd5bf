import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';

import type { AuthProviderRegistry } from '../../auth/auth-provider-registry.js';
import type { AuthScheme } from '../../auth/auth-schemes.js';
import type { ReadonlyContext } from '../../context/readonly-context.js';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { isPlainObject } from '../../utils/is-plain-object.js';
import { logger } from '../../utils/logger.js';
import { BaseToolset, type BaseToolsetOptions } from '../base-toolset.js';
import { parseOpenApiSpec } from './openapi-spec-parser.js';
import { RestApiTool, type RestApiHeaderProvider } from './rest-api-tool.js';
import type { AuthCredentialInput } from './tool-auth.js';

/** The OpenAPI document of an `OpenAPIToolset`: an object, or text in JSON or YAML. */
export type OpenAPIToolsetSpec =
  | { specDict: Record<string, unknown>; specStr?: undefined; specStrType?: undefined }
  | { specStr: string; specStrType?: 'json' | 'yaml'; specDict?: undefined };

/** Options of `new OpenAPIToolset(...)`. */
export type OpenAPIToolsetOptions = OpenAPIToolsetSpec &
  BaseToolsetOptions & {
    /** Headers added to every call of every tool, from the running invocation. */
    headerProvider?: RestApiHeaderProvider;
    /** How the API authenticates, for every tool (Python's `auth_scheme`). */
    authScheme?: AuthScheme | string;
    /** The credential for `authScheme`, for every tool (Python's `auth_credential`). */
    authCredential?: AuthCredentialInput | string;
    /** The key every tool's credential is stored and answered under (Python's `credential_key`). */
    credentialKey?: string;
    /** Providers consulted first, by scheme type; default the App's (`App.authProviderRegistry`). */
    authProviderRegistry?: AuthProviderRegistry;
  };

/**
 * The operations of an OpenAPI 3.0/3.1 document as tools (Python's
 * `OpenAPIToolset`): one `RestApiTool` per operation, in path then method
 * order, named by the snake_case of its `operationId` (or of `<path>_<method>`).
 * `specStr` is parsed as JSON unless `specStrType` is `'yaml'`. The document
 * is parsed once, in the constructor, which throws `InvalidArgumentError`
 * for text that does not parse to an object or a `$ref` outside the
 * document, or an invalid `authScheme`/`authCredential`. The scheme and
 * credential (and `credentialKey`, `authProviderRegistry`) are given to
 * every tool (see `RestApiTool` for how the credential is found, sent, and
 * asked for). `toolFilter` and `toolNamePrefix` work as for every toolset.
 */
export class OpenAPIToolset extends BaseToolset {
  private readonly tools: readonly RestApiTool[];

  constructor(options: OpenAPIToolsetOptions) {
    super({
      ...(options.toolFilter === undefined ? {} : { toolFilter: options.toolFilter }),
      ...(options.toolNamePrefix === undefined ? {} : { toolNamePrefix: options.toolNamePrefix }),
    });
    const spec = options.specDict ?? loadSpec(options.specStr, options.specStrType ?? 'json');
    this.tools = parseOpenApiSpec(spec).map((operation) => {
      const tool = RestApiTool.fromParsedOperation(operation, {
        headerProvider: options.headerProvider,
        authScheme: options.authScheme,
        authCredential: options.authCredential,
        credentialKey: options.credentialKey,
        authProviderRegistry: options.authProviderRegistry,
      });
      logger.debug(`Parsed tool: ${tool.name}`);
      return tool;
    });
  }

  /** The tools the filter lets through. */
  override getTools(context?: ReadonlyContext): Promise<RestApiTool[]> {
    return Promise.resolve(this.tools.filter((tool) => this.isToolSelected(tool, context)));
  }

  /** The tool named `toolName` (filter not applied), or undefined. */
  getTool(toolName: string): RestApiTool | undefined {
    return this.tools.find((tool) => tool.name === toolName);
  }
}

// The YAML parser is loaded at the first YAML spec, not with the package
// (decision 0029: the cold import stays free of what a plain agent never
// uses); a synchronous require keeps the constructor synchronous, as Python's.
function parseYaml(text: string): unknown {
  const yaml = createRequire(import.meta.url)('yaml') as typeof Yaml;
  return yaml.parse(text);
}

function loadSpec(specStr: string, specStrType: 'json' | 'yaml'): Record<string, unknown> {
  if (specStrType !== 'json' && specStrType !== 'yaml') {
    throw new InvalidArgumentError({
      message: `Unsupported spec type: ${String(specStrType)}`,
      argument: 'specStrType',
    });
  }
  let parsed: unknown;
  try {
    parsed = specStrType === 'json' ? JSON.parse(specStr) : parseYaml(specStr);
  } catch (cause) {
    throw new InvalidArgumentError({
      message: `The OpenAPI spec is not valid ${specStrType}: ${(cause as Error).message}`,
      argument: 'specStr',
      cause,
    });
  }
  if (!isPlainObject(parsed)) {
    throw new InvalidArgumentError({
      message: 'The OpenAPI spec must be an object.',
      argument: 'specStr',
    });
  }
  return parsed;
}
