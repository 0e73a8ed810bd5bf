/**
 * The token counts of the fake Gemini cache server (`FakeGeminiCacheServer`),
 * simple enough to compute by hand so tests can check figures exactly:
 *
 * - a text part: its whitespace-separated words;
 * - any other part (function call or response, inline data, ...):
 *   `NON_TEXT_PART_TOKENS`;
 * - a system instruction: the words of its text;
 * - a tool: `TOOL_TOKENS` per function declaration (a tool without
 *   declarations, e.g. Google Search: `TOOL_TOKENS`);
 * - a tool config: nothing.
 */

/** Tokens of a part that is not text. */
export const NON_TEXT_PART_TOKENS = 8;
/** Tokens of one function declaration (or one tool without declarations). */
export const TOOL_TOKENS = 16;

type Json = Record<string, unknown>;

/** The whitespace-separated words of `text`. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}

/** Tokens of one part (see the module comment). */
export function partTokens(part: Json): number {
  return typeof part['text'] === 'string' ? wordCount(part['text']) : NON_TEXT_PART_TOKENS;
}

/** Tokens of the parts of a list of contents. */
export function contentsTokens(contents: unknown): number {
  if (!Array.isArray(contents)) return 0;
  let tokens = 0;
  for (const content of contents as Json[]) {
    for (const part of (content['parts'] ?? []) as Json[]) tokens += partTokens(part);
  }
  return tokens;
}

/** Tokens of a system instruction (a string, or a Content as the SDK sends it). */
export function systemInstructionTokens(instruction: unknown): number {
  if (typeof instruction === 'string') return wordCount(instruction);
  if (instruction === null || typeof instruction !== 'object') return 0;
  return contentsTokens([instruction]);
}

/** Tokens of a list of tools. */
export function toolsTokens(tools: unknown): number {
  if (!Array.isArray(tools)) return 0;
  let tokens = 0;
  for (const tool of tools as Json[]) {
    const declarations = tool['functionDeclarations'];
    tokens += Array.isArray(declarations) ? declarations.length * TOOL_TOKENS : TOOL_TOKENS;
  }
  return tokens;
}

/**
 * Tokens of a request body or a cache's content: system instruction, tools
 * and contents (the fields of a GenerateContentRequest and a CachedContent).
 */
export function promptTokens(body: Json): number {
  return (
    systemInstructionTokens(body['systemInstruction']) +
    toolsTokens(body['tools']) +
    contentsTokens(body['contents'])
  );
}
