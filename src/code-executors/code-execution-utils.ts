import type { Language, Outcome } from '@google/genai';
import type { Content, Part } from '../types/index.js';
import { deepClone } from '../utils/deep-clone.js';

/**
 * A file given to or produced by a code executor (Python `File`).
 * `content` is the base64 text of the bytes, or the bytes themselves.
 */
export interface File {
  /** The file name with its extension, e.g. `data_1_1.csv`. */
  readonly name: string;
  /** The base64-encoded content, or the raw bytes. */
  readonly content: string | Uint8Array;
  /** The MIME type, e.g. `text/csv`; Python defaults it to `text/plain`. */
  readonly mimeType: string;
}

/** What a code executor is asked to run (Python `CodeExecutionInput`). */
export interface CodeExecutionInput {
  /** The code to run. */
  readonly code: string;
  /** Files the code may read. */
  readonly inputFiles: readonly File[];
  /** The id of the stateful execution session, or undefined when the executor is stateless. */
  readonly executionId?: string | undefined;
}

/**
 * What running code produced (Python `CodeExecutionResult`, renamed because
 * `@google/genai`'s `CodeExecutionResult` is the part that reports it).
 */
export interface CodeExecutorResult {
  /** Standard output. */
  readonly stdout: string;
  /** Standard error; non-empty marks the run failed and counts towards the retry limit. */
  readonly stderr: string;
  /** Files the code wrote, saved as artifacts by the flow. */
  readonly outputFiles: readonly File[];
  /** The exit status, when the executor ran a process and it exited. */
  readonly exitCode?: number | undefined;
}

/** An opening and a closing delimiter, e.g. `['```python\n', '\n```']`. */
export type Delimiters = readonly [start: string, end: string];

const OUTCOME_OK = 'OUTCOME_OK' as Outcome;
const OUTCOME_FAILED = 'OUTCOME_FAILED' as Outcome;
const PYTHON = 'PYTHON' as Language;

/**
 * The file content as base64 text (Python `get_encoded_file_content`, then
 * `.decode()`): bytes that already are canonical base64 are kept as they
 * are, anything else is encoded.
 */
export function getEncodedFileContent(data: Uint8Array): string {
  const text = Buffer.from(data).toString('latin1');
  return isCanonicalBase64(text) ? text : Buffer.from(data).toString('base64');
}

/**
 * The content as bytes (Python `get_content_as_bytes`): bytes as they are,
 * text decoded from base64.
 */
export function getContentAsBytes(content: string | Uint8Array): Uint8Array {
  return typeof content === 'string' ? Buffer.from(content, 'base64') : content;
}

/**
 * Finds the first code block of a model's content and truncates the content
 * after it (Python `extract_code_and_truncate_content`), in place.
 *
 * An executable-code part not already followed by its result wins: the parts
 * after it are dropped. Otherwise the text parts are joined with newlines and
 * searched for the earliest opening delimiter whose closing delimiter
 * follows; the parts become the text before it (when any) and an
 * executable-code part. Returns the code, or undefined when there is none.
 */
export function extractCodeAndTruncateContent(
  content: Content | undefined,
  codeBlockDelimiters: readonly Delimiters[],
): string | undefined {
  const parts = content?.parts;
  if (!content || !parts || parts.length === 0) return undefined;

  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!;
    if (
      part.executableCode &&
      (index === parts.length - 1 || !parts[index + 1]!.codeExecutionResult)
    ) {
      content.parts = parts.slice(0, index + 1);
      return part.executableCode.code;
    }
  }

  const textParts = parts.filter((part) => part.text);
  if (textParts.length === 0) return undefined;
  const firstTextPart = deepClone(textParts[0]!);
  const responseText = textParts.map((part) => part.text ?? '').join('\n');

  let bestStart = -1;
  let bestEnd = -1;
  let bestLeadLength = 0;
  for (const [lead, trail] of codeBlockDelimiters) {
    const start = responseText.indexOf(lead);
    if (start === -1) continue;
    const end = responseText.indexOf(trail, start + lead.length);
    if (end === -1) continue;
    if (bestStart === -1 || start < bestStart) {
      bestStart = start;
      bestEnd = end;
      bestLeadLength = lead.length;
    }
  }
  if (bestStart === -1) return undefined;

  const code = responseText.slice(bestStart + bestLeadLength, bestEnd);
  if (!code) return undefined;

  const truncated: Part[] = [];
  const prefix = responseText.slice(0, bestStart);
  if (prefix) {
    firstTextPart.text = prefix;
    truncated.push(firstTextPart);
  }
  truncated.push(buildExecutableCodePart(code));
  content.parts = truncated;
  return code;
}

/** A part holding Python code to execute (Python `build_executable_code_part`). */
export function buildExecutableCodePart(code: string): Part {
  return { executableCode: { code, language: PYTHON } };
}

/**
 * The part reporting a run (Python `build_code_execution_result_part`): a
 * failure carries stderr; a success carries `Code execution result:\n<stdout>\n`
 * (when there is output or no file) and `Saved artifacts:\n` with the
 * back-quoted file names joined by commas, the two joined by a blank line.
 */
export function buildCodeExecutionResultPart(result: CodeExecutorResult): Part {
  if (result.stderr) {
    return { codeExecutionResult: { outcome: OUTCOME_FAILED, output: result.stderr } };
  }
  const sections: string[] = [];
  if (result.stdout || result.outputFiles.length === 0) {
    sections.push(`Code execution result:\n${result.stdout}\n`);
  }
  if (result.outputFiles.length > 0) {
    sections.push(
      `Saved artifacts:\n${result.outputFiles.map((file) => `\`${file.name}\``).join(',')}`,
    );
  }
  return { codeExecutionResult: { outcome: OUTCOME_OK, output: sections.join('\n\n') } };
}

/**
 * Turns a content's trailing code parts into text for models that only read
 * text (Python `convert_code_execution_parts`), in place: a trailing
 * executable-code part becomes the code in `codeBlockDelimiter`; a content
 * made of one code-result part becomes the output in
 * `executionResultDelimiters` (or empty text when there is no output), sent
 * as the user's. Returns the converted content (a new object) or the same
 * one when nothing changes; the input is never modified.
 */
export function convertCodeExecutionParts(
  content: Content,
  codeBlockDelimiter: Delimiters,
  executionResultDelimiters: Delimiters,
): Content {
  const parts = content.parts;
  if (!parts || parts.length === 0) return content;
  const last = parts[parts.length - 1]!;
  if (last.executableCode) {
    return {
      ...content,
      parts: [
        ...parts.slice(0, -1),
        { text: codeBlockDelimiter[0] + (last.executableCode.code ?? '') + codeBlockDelimiter[1] },
      ],
    };
  }
  if (parts.length === 1 && last.codeExecutionResult) {
    const output = last.codeExecutionResult.output;
    return {
      ...content,
      role: 'user',
      parts: [
        {
          text:
            output === undefined || output === null
              ? ''
              : executionResultDelimiters[0] + output + executionResultDelimiters[1],
        },
      ],
    };
  }
  return content;
}

// Python checks `b64encode(b64decode(data)) == data`, which holds exactly for
// canonical base64: alphabet characters, full quads, zero padding bits.
function isCanonicalBase64(text: string): boolean {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return false;
  return Buffer.from(text, 'base64').toString('base64') === text;
}
