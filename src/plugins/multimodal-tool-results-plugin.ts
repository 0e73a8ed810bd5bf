import type {
  AfterToolHookArguments,
  BeforeModelHookArguments,
} from '../context/hook-arguments.js';
import type { LlmResponse } from '../events/llm-response.js';
import type { Part } from '../types/index.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import { BasePlugin } from './base-plugin.js';

/** The state key under which tool-returned parts wait for the next model call (Python's name). */
export const PARTS_RETURNED_BY_TOOLS_ID = 'temp:PARTS_RETURNED_BY_TOOLS_ID';

/** How long tool-returned parts stay attached to model requests. */
export type MultimodalRetention = 'next_model_call' | 'session';

/** Options of `MultimodalToolResultsPlugin` (Python `MultimodalToolResultsPlugin.__init__`). */
export interface MultimodalToolResultsPluginOptions {
  /** The plugin's name; default `multimodal_tool_results_plugin`. */
  name?: string;
  /**
   * `next_model_call` (default) attaches the saved parts to the next model
   * request once, then clears them; `session` attaches them to every later
   * request for as long as the `temp:` state holds them (the invocation).
   */
  retention?: MultimodalRetention;
}

// The fields of a genai Part (@google/genai's `Part`); a part holds at least one of the data fields.
const PART_DATA_FIELDS = new Set([
  'text',
  'inlineData',
  'fileData',
  'functionCall',
  'functionResponse',
  'executableCode',
  'codeExecutionResult',
  'toolCall',
  'toolResponse',
  'audioTranscription',
]);
const PART_META_FIELDS = new Set([
  'thought',
  'thoughtSignature',
  'videoMetadata',
  'mediaResolution',
  'mediaProcessing',
  'speechMetadata',
  'partMetadata',
]);

/**
 * Lets function tools return content parts (an image, a file) for the model
 * to see (Python `MultimodalToolResultsPlugin`, a bridge until function
 * responses carry parts). When a tool's result is a Part, or a list of Parts
 * (which the flow hands over as `{result: [...]}`), the parts are appended to
 * `temp:PARTS_RETURNED_BY_TOOLS_ID` in state; before the next model call they
 * are added to the last content of the request. Any other result is returned
 * unchanged which, as in Python, ends the chain of after-tool hooks.
 *
 * A Part is recognised by its shape (every key a Part field, one of them a
 * data field such as `text` or `inlineData`), so a tool that returns a plain
 * `{text: '…'}` object is treated as returning a text part.
 */
export class MultimodalToolResultsPlugin extends BasePlugin {
  private readonly retention: MultimodalRetention;

  constructor(options: MultimodalToolResultsPluginOptions = {}) {
    super(options.name ?? 'multimodal_tool_results_plugin');
    this.retention = options.retention ?? 'next_model_call';
  }

  override afterToolCallback({
    context,
    response,
  }: AfterToolHookArguments): Record<string, unknown> | undefined {
    const parts = returnedParts(response);
    if (parts === undefined) return response;
    const saved = context.state.get<Part[]>(PARTS_RETURNED_BY_TOOLS_ID);
    context.state.set(
      PARTS_RETURNED_BY_TOOLS_ID,
      Array.isArray(saved) ? [...saved, ...parts] : parts,
    );
    return undefined;
  }

  override beforeModelCallback({
    context,
    request,
  }: BeforeModelHookArguments): LlmResponse | undefined {
    if (request.contents.length === 0) return undefined;
    const saved = context.state.get<Part[]>(PARTS_RETURNED_BY_TOOLS_ID);
    if (Array.isArray(saved) && saved.length > 0) {
      const lastIndex = request.contents.length - 1;
      const last = request.contents[lastIndex]!;
      // Request contents are shared, frozen history (decision 0011): replace, never edit.
      request.contents[lastIndex] = { ...last, parts: [...(last.parts ?? []), ...saved] };
      if (this.retention === 'next_model_call') {
        context.state.update({ [PARTS_RETURNED_BY_TOOLS_ID]: [] });
      }
    }
    return undefined;
  }
}

/** The parts a tool returned, or undefined when its result is not a Part or a list of them. */
function returnedParts(response: Record<string, unknown>): Part[] | undefined {
  if (isPart(response)) return [response as Part];
  const keys = Object.keys(response);
  if (keys.length !== 1 || keys[0] !== 'result') return undefined;
  const result = response['result'];
  if (!Array.isArray(result) || result.length === 0 || !isPart(result[0])) return undefined;
  return [...(result as Part[])];
}

/** Whether `value` has a Part's shape. */
export function isPart(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  let hasData = false;
  for (const key of Object.keys(value)) {
    if (PART_DATA_FIELDS.has(key)) hasData = true;
    else if (!PART_META_FIELDS.has(key)) return false;
  }
  return hasData;
}
