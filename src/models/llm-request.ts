import type { CacheMetadata } from '../events/cache-metadata.js';
import { assignOwn } from '../utils/assign-own.js';
import type {
  Content,
  FunctionDeclaration,
  GenerateContentConfig,
  LiveConnectConfig,
  Part,
  Schema,
  Tool,
} from '../types/index.js';
import { setOwn } from '../utils/get-own.js';
import type { ContextCacheConfig } from './context-cache-config.js';

/**
 * What a tool must offer to be sent to a model: its name and declaration. The
 * tool layer's `BaseTool` satisfies it; the model layer needs nothing more.
 */
export interface LlmRequestTool {
  readonly name: string;
  /** The declaration sent to the model, or undefined for tools the model runs itself. */
  getDeclaration(): FunctionDeclaration | undefined;
}

/**
 * Everything needed for one model call (Python `LlmRequest`). Request
 * processors build it; callbacks may change it before the call.
 */
export interface LlmRequest {
  /** The model name, e.g. `gemini-2.5-flash`. */
  model?: string;
  /** The conversation sent to the model. */
  contents: Content[];
  /** Generation config, including `systemInstruction`, `tools` and `labels`. */
  config: GenerateContentConfig;
  /** Config for live (bidirectional) sessions. */
  liveConnectConfig: LiveConnectConfig;
  /** Tools by name, for dispatching the model's function calls; not sent to the model. */
  toolsDict: Record<string, LlmRequestTool>;
  /** Context-cache settings, when the app enables caching. */
  cacheConfig?: ContextCacheConfig;
  /** The agent's latest cache state (an active cache or a fingerprint), when there is one. */
  cacheMetadata?: CacheMetadata;
  /** Prompt tokens of the agent's previous response, to decide whether caching pays. */
  cacheableContentsTokenCount?: number;
  /** Previous interaction, for the stateful Interactions API. */
  previousInteractionId?: string;
}

/** A new, empty request (no contents, an empty config, no tools). */
export function createLlmRequest(fields?: Partial<LlmRequest>): LlmRequest {
  const request = assignOwn({} as LlmRequest, fields);
  request.contents = fields?.contents ?? [];
  request.config = fields?.config ?? {};
  request.liveConnectConfig = fields?.liveConnectConfig ?? {};
  request.toolsDict = fields?.toolsDict ?? {};
  return request;
}

/**
 * Appends instructions to `config.systemInstruction`, joined with a blank
 * line, as Python's `append_instructions(list[str])` does. A Content system
 * instruction gets one more text part instead.
 */
export function appendInstructions(request: LlmRequest, instructions: readonly string[]): void {
  if (instructions.length === 0) return;
  const text = instructions.join('\n\n');
  const current = request.config.systemInstruction;
  if (current === undefined || current === null || current === '') {
    request.config.systemInstruction = text;
  } else if (typeof current === 'string') {
    request.config.systemInstruction = `${current}\n\n${text}`;
  } else if (Array.isArray(current)) {
    request.config.systemInstruction = [...current, { text }];
  } else if (typeof current === 'object' && 'parts' in current) {
    const content = current as Content;
    content.parts = [...(content.parts ?? []), { text }];
  } else {
    request.config.systemInstruction = [current as Part, { text }];
  }
}

/**
 * Adds the tools' declarations to the request (spec 000 §3.9): each tool with
 * a declaration goes into `toolsDict`, and its declaration joins the first
 * `Tool` in `config.tools` that has function declarations, or a new one.
 */
export function appendTools(request: LlmRequest, tools: readonly LlmRequestTool[]): void {
  const declarations: FunctionDeclaration[] = [];
  for (const tool of tools) {
    const declaration = tool.getDeclaration();
    if (declaration) {
      declarations.push(declaration);
      setOwn(request.toolsDict, tool.name, tool);
    }
  }
  if (declarations.length === 0) return;
  const configTools: Tool[] = (request.config.tools ??= []) as Tool[];
  const existing = configTools.find((tool) => tool.functionDeclarations !== undefined);
  if (existing) {
    existing.functionDeclarations = [...(existing.functionDeclarations ?? []), ...declarations];
  } else {
    configTools.push({ functionDeclarations: declarations });
  }
}

/** Asks the model for JSON matching `schema` (`responseSchema` + `application/json`). */
export function setOutputSchema(request: LlmRequest, schema: Schema): void {
  request.config.responseSchema = schema;
  request.config.responseMimeType = 'application/json';
}
