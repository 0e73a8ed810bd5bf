import { AuthScheme } from '../../auth/auth-schemes.js';
import { deepClone } from '../../utils/deep-clone.js';
import { isPlainObject } from '../../utils/is-plain-object.js';
import { logger } from '../../utils/logger.js';
import { toSnakeCase } from '../gemini-schema-util.js';
import { OperationParser, type OpenApiOperation } from './operation-parser.js';
import { resolveReferences } from './resolve-references.js';
import { sanitizeSchemaTypes } from './sanitize-schema-types.js';

/** Where an operation is served: the document's first server, the path template and the method. */
export interface OperationEndpoint {
  /** The first `servers[].url` of the document, `''` when there is none. */
  baseUrl: string;
  /** The path template, e.g. `/pets/{petId}`. */
  path: string;
  /** The HTTP method, lowercase. */
  method: string;
}

/** One operation of an OpenAPI document, ready to become a `RestApiTool` (Python's `ParsedOperation`). */
export interface ParsedOperation {
  /** The tool name (snake_case operation id, at most 60 characters). */
  name: string;
  /** The operation's description, else its summary, else `''`. */
  description: string;
  endpoint: OperationEndpoint;
  /** The operation with `$ref`s resolved, path-level parameters appended and an operation id. */
  operation: OpenApiOperation;
  /** The parsed arguments. */
  parser: OperationParser;
  /** The name of the security scheme that applies (the operation's, else the document's), if any. */
  authSchemeName: string | undefined;
  /** That scheme, from the document's `components.securitySchemes`, when it is a valid one. */
  authScheme: AuthScheme | undefined;
}

// The order Python visits methods in, which is the order of the tools.
const METHODS = ['get', 'post', 'put', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/**
 * Parses an OpenAPI 3.0/3.1 document into its operations (Python's
 * `OpenApiSpecParser.parse`): `$ref`s are resolved, schema types
 * sanitised, and every operation of every path becomes a
 * `ParsedOperation`, in path order then method order. An operation without
 * an `operationId` gets the snake_case of `<path>_<method>`.
 */
export function parseOpenApiSpec(specDict: Record<string, unknown>): ParsedOperation[] {
  const spec = resolveReferences(specDict);
  sanitizeSchemaTypes(spec);
  const servers = spec['servers'];
  const firstServer = Array.isArray(servers) ? servers[0] : undefined;
  const baseUrl =
    isPlainObject(firstServer) && typeof firstServer['url'] === 'string' ? firstServer['url'] : '';
  const globalScheme = firstSchemeName(spec['security']);
  const components = isPlainObject(spec['components']) ? spec['components'] : {};
  const schemes = isPlainObject(components['securitySchemes']) ? components['securitySchemes'] : {};
  const paths = isPlainObject(spec['paths']) ? spec['paths'] : {};
  const operations: ParsedOperation[] = [];
  for (const [path, pathItem] of Object.entries(paths)) {
    if (!isPlainObject(pathItem)) continue;
    const pathParameters = Array.isArray(pathItem['parameters']) ? pathItem['parameters'] : [];
    for (const method of METHODS) {
      const found = pathItem[method];
      if (!isPlainObject(found)) continue;
      const operation = deepClone(found);
      const own = Array.isArray(operation['parameters']) ? operation['parameters'] : [];
      operation['parameters'] = [...own, ...deepClone(pathParameters)];
      if (!('operationId' in operation))
        operation['operationId'] = toSnakeCase(`${path}_${method}`);
      const parser = new OperationParser(operation);
      const description = operation['description'] || operation['summary'] || '';
      const authSchemeName = parser.getAuthSchemeName() || globalScheme;
      operations.push({
        name: parser.getFunctionName(),
        description: typeof description === 'string' ? description : '',
        endpoint: { baseUrl, path, method },
        operation,
        parser,
        authSchemeName,
        authScheme: authSchemeName ? schemeNamed(schemes, authSchemeName) : undefined,
      });
    }
  }
  return operations;
}

// Python fails on a scheme it cannot read; here the operation is kept
// without one (and says so), so the rest of the document stays usable.
function schemeNamed(schemes: Record<string, unknown>, name: string): AuthScheme | undefined {
  if (!Object.hasOwn(schemes, name)) return undefined;
  const parsed = AuthScheme.safeParse(schemes[name]);
  if (parsed.success) return parsed.data;
  logger.warn(`Security scheme ${name} is not a valid OpenAPI security scheme; ignored.`);
  return undefined;
}

function firstSchemeName(security: unknown): string | undefined {
  if (!Array.isArray(security) || !isPlainObject(security[0])) return undefined;
  return Object.keys(security[0])[0];
}
