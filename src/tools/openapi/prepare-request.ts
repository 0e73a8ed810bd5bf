import { isPlainObject } from '../../utils/is-plain-object.js';
import type { ApiParameter } from './api-parameter.js';
import type { OperationEndpoint } from './openapi-spec-parser.js';
import type { OpenApiOperation } from './operation-parser.js';

/** A request ready for `fetch`. */
export interface PreparedRequest {
  /** The method, uppercase. */
  method: string;
  /** The full URL with path parameters filled in and the query string. */
  url: string;
  headers: Record<string, string>;
  body: string | URLSearchParams | FormData | undefined;
}

/** What `prepareRequest` needs. */
export interface PrepareRequestArguments {
  endpoint: OperationEndpoint;
  operation: OpenApiOperation;
  parameters: readonly ApiParameter[];
  args: Record<string, unknown>;
  userAgent: string;
}

/**
 * Builds the HTTP request of a tool call (Python's
 * `RestApiTool._prepare_request_params`). Arguments are matched to
 * parameters by their declaration name; unknown arguments are ignored.
 *
 * - Path parameters fill `{name}` in the path, percent-encoded; the base URL
 *   loses a trailing `/`. A query string written in the path is kept.
 * - Query parameters are appended (arrays as repeated keys, objects as
 *   JSON); null, undefined, `''` and empty arrays are left out.
 * - Header values are strings with CR and LF removed; cookies go in one
 *   `Cookie` header.
 * - The body follows the first media type of `requestBody`: JSON
 *   (`application/json`, `*+json`; nothing when there is no value),
 *   `application/x-www-form-urlencoded`, `multipart/form-data` (the boundary
 *   is fetch's), or the value as text for `text/plain` and
 *   `application/octet-stream`. `Content-Type` names the media type.
 * - `User-Agent` is set first, so a header parameter can replace it.
 */
export function prepareRequest(request: PrepareRequestArguments): PreparedRequest {
  const { endpoint, operation, parameters, args } = request;
  const byName = new Map(parameters.map((param) => [param.pyName, param]));
  const headers: Record<string, string> = { 'User-Agent': request.userAgent };
  const query: [string, string][] = [];
  const cookies: string[] = [];
  let path = endpoint.path;
  for (const [name, value] of Object.entries(args)) {
    const param = byName.get(name);
    if (!param) continue;
    const key = param.originalName;
    switch (param.paramLocation) {
      case 'path':
        path = path.split(`{${key}}`).join(encodeURIComponent(text(value)));
        break;
      case 'query':
        appendQuery(query, key, value);
        break;
      case 'header':
        headers[key] = text(value).replace(/[\r\n]/g, '');
        break;
      case 'cookie':
        cookies.push(`${key}=${encodeURIComponent(text(value))}`);
        break;
      default:
        break;
    }
  }
  if (cookies.length > 0) headers['Cookie'] = cookies.join('; ');
  const base = endpoint.baseUrl.endsWith('/') ? endpoint.baseUrl.slice(0, -1) : endpoint.baseUrl;
  const url = new URL(`${base}${path}`);
  url.hash = '';
  for (const [key, value] of query) url.searchParams.append(key, value);
  const body = prepareBody(operation, parameters, args, headers);
  return { method: endpoint.method.toUpperCase(), url: url.toString(), headers, body };
}

function prepareBody(
  operation: OpenApiOperation,
  parameters: readonly ApiParameter[],
  args: Record<string, unknown>,
  headers: Record<string, string>,
): PreparedRequest['body'] {
  const requestBody = operation['requestBody'];
  if (!isPlainObject(requestBody) || !isPlainObject(requestBody['content'])) return undefined;
  const [mimeType, media] = Object.entries(requestBody['content'])[0] ?? [];
  if (mimeType === undefined) return undefined;
  const schema = isPlainObject(media) && isPlainObject(media['schema']) ? media['schema'] : {};
  const bodyParams = parameters.filter((param) => param.paramLocation === 'body');
  let data: unknown;
  if (schema['type'] === 'object') {
    const object: Record<string, unknown> = {};
    for (const param of bodyParams) {
      if (Object.prototype.hasOwnProperty.call(args, param.pyName)) {
        object[param.originalName] = args[param.pyName];
      }
    }
    data = object;
  } else if (schema['type'] === 'array') {
    data = bodyParams.some((param) => param.pyName === 'array') ? args['array'] : undefined;
  } else {
    const whole = bodyParams.find((param) => param.originalName === '' || param.pyName === 'body');
    data = whole ? args[whole.pyName] : undefined;
  }
  if (mimeType === 'multipart/form-data') return formData(data);
  headers['Content-Type'] = mimeType;
  if (mimeType === 'application/json' || mimeType.endsWith('+json')) {
    return data === undefined || data === null ? undefined : JSON.stringify(data);
  }
  if (mimeType === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams();
    if (isPlainObject(data))
      for (const [key, value] of Object.entries(data)) appendQuery(form, key, value);
    return form;
  }
  if (mimeType === 'text/plain' || mimeType === 'application/octet-stream') {
    return data === undefined || data === null ? undefined : text(data);
  }
  return undefined;
}

function formData(data: unknown): FormData {
  const form = new FormData();
  if (isPlainObject(data)) {
    for (const [key, value] of Object.entries(data)) {
      if (value !== undefined && value !== null) form.append(key, text(value));
    }
  }
  return form;
}

interface Appendable {
  append(key: string, value: string): void;
}

function appendQuery(target: Appendable | [string, string][], key: string, value: unknown): void {
  if (value === undefined || value === null || value === '') return;
  const add = (item: unknown) => {
    if (Array.isArray(target)) target.push([key, text(item)]);
    else target.append(key, text(item));
  };
  if (Array.isArray(value)) value.forEach(add);
  else add(value);
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}
