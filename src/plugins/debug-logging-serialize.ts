import type { Content } from '../types/index.js';

/*
 * How DebugLoggingPlugin writes values into its YAML file, as Python's
 * `_serialize_content` and `_safe_serialize` do: content parts by kind with
 * snake_case keys and inline bytes left out, byte arrays as a size, anything
 * else as its string, and no null or undefined fields anywhere (Python dumps
 * with `exclude_none`).
 */

/** A content as the debug file shows it: its role and the recognised fields of each part. */
export function serializeContent(content: Content | undefined | null): unknown {
  if (content === undefined || content === null) return undefined;
  const parts: Record<string, unknown>[] = [];
  for (const part of content.parts ?? []) {
    const data: Record<string, unknown> = {};
    if (part.text) data['text'] = part.text;
    if (part.functionCall) {
      data['function_call'] = {
        id: part.functionCall.id,
        name: part.functionCall.name,
        args: safeSerialize(part.functionCall.args),
      };
    }
    if (part.functionResponse) {
      data['function_response'] = {
        id: part.functionResponse.id,
        name: part.functionResponse.name,
        response: safeSerialize(part.functionResponse.response),
      };
    }
    if (part.inlineData) {
      data['inline_data'] = {
        mime_type: part.inlineData.mimeType,
        display_name: part.inlineData.displayName,
        // The bytes are left out to keep the file small.
        _data_omitted: true,
      };
    }
    if (part.fileData) {
      data['file_data'] = {
        file_uri: part.fileData.fileUri,
        mime_type: part.fileData.mimeType,
      };
    }
    if (part.codeExecutionResult) {
      data['code_execution_result'] = {
        outcome: String(part.codeExecutionResult.outcome),
        output: part.codeExecutionResult.output,
      };
    }
    if (part.executableCode) {
      data['executable_code'] = {
        language: String(part.executableCode.language),
        code: part.executableCode.code,
      };
    }
    if (Object.keys(data).length > 0) parts.push(data);
  }
  return { role: content.role, parts };
}

/** A JSON- and YAML-safe copy of `value` (Python `_safe_serialize`). */
export function safeSerialize(value: unknown, seen: WeakSet<object> = new WeakSet()): unknown {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array) return `<bytes: ${value.byteLength} bytes>`;
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'object') return String(value);
  // A cycle would never end; Python would fail on it and write nothing.
  if (seen.has(value)) return '<cycle>';
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => safeSerialize(item, seen) ?? null);
    const result: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      const serialized = safeSerialize(field, seen);
      if (serialized !== undefined) {
        Object.defineProperty(result, key, {
          value: serialized,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
    return result;
  } finally {
    seen.delete(value);
  }
}

/** The local time in Python's `datetime.now().isoformat()` form (microseconds, no zone). */
export function pythonLocalTimestamp(date: Date = new Date()): string {
  const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `.${pad(date.getMilliseconds(), 3)}000`
  );
}

/** An error's class name, as Python's `type(error).__name__`. */
export function errorTypeName(error: unknown): string {
  if (error instanceof Error) return error.name || error.constructor.name;
  return typeof error;
}

/** An error's message, as Python's `str(error)`. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
