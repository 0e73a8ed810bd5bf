export {
  apiParameter,
  renamePythonKeywords,
  type ApiParameter,
  type ApiParameterInput,
  type ApiParameterLocation,
} from './api-parameter.js';
export {
  parseOpenApiSpec,
  type OperationEndpoint,
  type ParsedOperation,
} from './openapi-spec-parser.js';
export {
  OpenAPIToolset,
  type OpenAPIToolsetOptions,
  type OpenAPIToolsetSpec,
} from './openapi-toolset.js';
export { OperationParser, type OpenApiOperation } from './operation-parser.js';
export {
  prepareRequest,
  type PrepareRequestArguments,
  type PreparedRequest,
} from './prepare-request.js';
export { resolveReferences } from './resolve-references.js';
export {
  RestApiTool,
  type RestApiHeaderProvider,
  type RestApiToolAuth,
  type RestApiToolOptions,
} from './rest-api-tool.js';
export { credentialToParam, INTERNAL_AUTH_PREFIX, type AuthParam } from './credential-to-param.js';
export { PENDING_AUTH_RESPONSE, type AuthCredentialInput } from './tool-auth.js';
export { sanitizeSchemaTypes } from './sanitize-schema-types.js';
