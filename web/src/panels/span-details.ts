/**
 * Reading the JSON attributes ADK puts on `call_llm` and `execute_tool`
 * spans into shapes the Trace panel shows. Python writes snake_case
 * (`system_instruction`, `function_declarations`), the JS ADKs camelCase:
 * both are read.
 */

/** The attribute keys of ADK's spans. */
export const SPAN_ATTRIBUTES = {
  llmRequest: 'gcp.vertex.agent.llm_request',
  llmResponse: 'gcp.vertex.agent.llm_response',
  toolCallArgs: 'gcp.vertex.agent.tool_call_args',
  toolResponse: 'gcp.vertex.agent.tool_response',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  model: 'gen_ai.request.model',
  toolName: 'gen_ai.tool.name',
} as const;

/** A function the model was offered. */
export interface ToolDeclaration {
  name: string;
  description: string | null;
  parameters: unknown;
}

/** One message of the request: its role and its parts as JSON values. */
export interface RequestMessage {
  role: string;
  parts: unknown[];
}

/** What an LLM request span says was sent. */
export interface LlmRequestView {
  model: string | null;
  systemInstruction: string | null;
  contents: RequestMessage[];
  tools: ToolDeclaration[];
  /** The config without system instruction and tools (temperature, …), or null when nothing is left. */
  otherConfig: Record<string, unknown> | null;
}

/** Own-property lookup of the first of several key spellings. */
export function pick(record: unknown, ...keys: string[]): unknown {
  if (!record || typeof record !== 'object' || Array.isArray(record)) return undefined;
  for (const key of keys) {
    if (Object.hasOwn(record, key)) return (record as Record<string, unknown>)[key];
  }
  return undefined;
}

/**
 * The value of a span attribute, parsed when it is a JSON string (ADK
 * stores requests and responses as JSON text); other strings and values
 * are returned as they are, and a missing attribute as undefined.
 */
export function attributeJson(attributes: Record<string, unknown>, key: string): unknown {
  if (!Object.hasOwn(attributes, key)) return undefined;
  const value = attributes[key];
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[') && !trimmed.startsWith('"'))
    return value;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return value;
  }
}

/** The text of a system instruction, given as a string, a Content, a Part or a list of them. */
export function instructionText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const texts = value.map(instructionText).filter((text): text is string => text !== null);
    return texts.length > 0 ? texts.join('\n') : null;
  }
  const parts = pick(value, 'parts');
  if (Array.isArray(parts)) return instructionText(parts);
  const text = pick(value, 'text');
  return typeof text === 'string' ? text : null;
}

/** Reads an LLM request attribute (already parsed) into its sections; null when it is not an object. */
export function readLlmRequest(request: unknown): LlmRequestView | null {
  if (!request || typeof request !== 'object' || Array.isArray(request)) return null;
  const model = pick(request, 'model');
  const config = pick(request, 'config');
  const contents = pick(request, 'contents');
  const tools: ToolDeclaration[] = [];
  const toolList = pick(config, 'tools');
  if (Array.isArray(toolList)) {
    for (const tool of toolList) {
      const declarations = pick(tool, 'functionDeclarations', 'function_declarations');
      if (!Array.isArray(declarations)) continue;
      for (const declaration of declarations) {
        const name = pick(declaration, 'name');
        const description = pick(declaration, 'description');
        tools.push({
          name: typeof name === 'string' ? name : '(unnamed)',
          description: typeof description === 'string' ? description : null,
          parameters:
            pick(declaration, 'parameters') ??
            pick(declaration, 'parametersJsonSchema', 'parameters_json_schema') ??
            null,
        });
      }
    }
  }
  let otherConfig: Record<string, unknown> | null = null;
  if (config && typeof config === 'object' && !Array.isArray(config)) {
    const rest = Object.fromEntries(
      Object.entries(config).filter(
        ([key]) => !['tools', 'systemInstruction', 'system_instruction'].includes(key),
      ),
    );
    if (Object.keys(rest).length > 0) otherConfig = rest;
  }
  return {
    model: typeof model === 'string' ? model : null,
    systemInstruction: instructionText(pick(config, 'systemInstruction', 'system_instruction')),
    contents: Array.isArray(contents)
      ? contents.map((content) => {
          const role = pick(content, 'role');
          const parts = pick(content, 'parts');
          return {
            role: typeof role === 'string' ? role : '',
            parts: Array.isArray(parts) ? parts : [],
          };
        })
      : [],
    tools,
    otherConfig,
  };
}

/** A short text of one content part: its text, or `name(args)` of a call, or its JSON. */
export function partSummary(part: unknown): string {
  const text = pick(part, 'text');
  if (typeof text === 'string') return text;
  const call = pick(part, 'functionCall', 'function_call');
  if (call)
    return `call ${String(pick(call, 'name'))}(${JSON.stringify(pick(call, 'args') ?? {})})`;
  const response = pick(part, 'functionResponse', 'function_response');
  if (response) {
    return `response ${String(pick(response, 'name'))}: ${JSON.stringify(pick(response, 'response') ?? {})}`;
  }
  return JSON.stringify(part);
}

/** Pretty JSON for display: two-space indent; strings as they are. */
export function prettyJson(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value, null, 2) ?? String(value);
}
