import { deepClone } from '../../utils/deep-clone.js';
import { setOwn } from '../../utils/get-own.js';
import { isPlainObject } from '../../utils/is-plain-object.js';
import { toSnakeCase } from '../gemini-schema-util.js';
import { apiParameter, type ApiParameter, type ApiParameterLocation } from './api-parameter.js';

type JsonObject = Record<string, unknown>;

/** An OpenAPI Operation object with its `$ref`s resolved. */
export type OpenApiOperation = JsonObject;

const LOCATIONS: ReadonlySet<string> = new Set(['path', 'query', 'header', 'cookie']);

/**
 * Turns one OpenAPI operation into the arguments of a function (Python's
 * `OperationParser`):
 *
 * - each parameter (path, query, header, cookie) becomes an argument named
 *   by the snake_case of its name, its schema taking the parameter's
 *   description when it has none, required as the parameter says;
 * - the request body's first media type: an object schema gives one
 *   argument per property (required as the schema says), an array schema
 *   one argument `array`, a composed (`oneOf`/`anyOf`/`allOf`) or untyped
 *   schema one argument `body`, a scalar schema one argument named `''`;
 * - repeated names get `_0`, `_1`, … from their second occurrence on.
 *
 * Parameters that are not objects (an unresolved `$ref`) are skipped.
 */
export class OperationParser {
  readonly operation: OpenApiOperation;
  private readonly params: ApiParameter[] = [];

  constructor(operation: OpenApiOperation) {
    this.operation = operation;
    this.processParameters();
    this.processRequestBody();
    this.dedupeParamNames();
  }

  /** The arguments, in declaration order. */
  getParameters(): ApiParameter[] {
    return this.params;
  }

  /** The snake_case of the operation id, cut to 60 characters (Python's `get_function_name`). */
  getFunctionName(): string {
    const operationId = this.operation['operationId'];
    return toSnakeCase(typeof operationId === 'string' ? operationId : '').slice(0, 60);
  }

  /**
   * The JSON schema of the function's arguments (Python's `get_json_schema`):
   * `{properties, required, title: "<operationId>_Arguments", type: "object"}`.
   */
  getJsonSchema(): JsonObject {
    const properties: JsonObject = {};
    for (const param of this.params) setOwn(properties, param.pyName, deepClone(param.paramSchema));
    const operationId = this.operation['operationId'];
    return {
      properties,
      required: this.params.filter((param) => param.required).map((param) => param.pyName),
      title: `${typeof operationId === 'string' && operationId ? operationId : 'unnamed'}_Arguments`,
      type: 'object',
    };
  }

  /** The name of the security scheme the operation names first, or `''`. */
  getAuthSchemeName(): string {
    const security = this.operation['security'];
    if (!Array.isArray(security) || !isPlainObject(security[0])) return '';
    return Object.keys(security[0])[0] ?? '';
  }

  private processParameters(): void {
    const parameters = this.operation['parameters'];
    if (!Array.isArray(parameters)) return;
    for (const param of parameters) {
      if (!isPlainObject(param) || typeof param['name'] !== 'string') continue;
      const location = typeof param['in'] === 'string' ? param['in'] : '';
      const description = typeof param['description'] === 'string' ? param['description'] : '';
      const schema = isPlainObject(param['schema']) ? deepClone(param['schema']) : {};
      if (!schema['description']) schema['description'] = description;
      this.params.push(
        apiParameter({
          originalName: param['name'],
          paramLocation: (LOCATIONS.has(location) ? location : '') as ApiParameterLocation,
          paramSchema: schema,
          description,
          required: param['required'] === true,
        }),
      );
    }
  }

  private processRequestBody(): void {
    const body = this.operation['requestBody'];
    if (!isPlainObject(body) || !isPlainObject(body['content'])) return;
    const first = Object.values(body['content'])[0];
    if (first === undefined) return;
    const schema = isPlainObject(first) && isPlainObject(first['schema']) ? first['schema'] : {};
    const description = typeof body['description'] === 'string' ? body['description'] : '';
    const type = schema['type'];
    if (type === 'object') {
      const properties = isPlainObject(schema['properties']) ? schema['properties'] : {};
      const required = new Set(Array.isArray(schema['required']) ? schema['required'] : []);
      for (const [name, property] of Object.entries(properties)) {
        const propertySchema = isPlainObject(property) ? deepClone(property) : {};
        const propertyDescription = propertySchema['description'];
        this.params.push(
          apiParameter({
            originalName: name,
            paramLocation: 'body',
            paramSchema: propertySchema,
            description: typeof propertyDescription === 'string' ? propertyDescription : '',
            required: required.has(name),
          }),
        );
      }
      return;
    }
    const composed = ['oneOf', 'anyOf', 'allOf'].some((key) => schema[key] !== undefined);
    const name = type === 'array' ? 'array' : composed || !type ? 'body' : '';
    this.params.push(
      apiParameter({
        originalName: name,
        paramLocation: 'body',
        paramSchema: deepClone(schema),
        description,
      }),
    );
  }

  private dedupeParamNames(): void {
    const counts = new Map<string, number>();
    for (const param of this.params) {
      const name = param.pyName;
      const count = counts.get(name);
      if (count === undefined) {
        counts.set(name, 0);
        continue;
      }
      counts.set(name, count + 1);
      param.pyName = `${name}_${count}`;
    }
  }
}
