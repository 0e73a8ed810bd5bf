import type { Span } from '@opentelemetry/api';
import type { Content } from '../types/index.js';
import { CONVERSATION_ID, EVENT_ID, INVOCATION_ID, SESSION_ID } from './span-names.js';

/**
 * The environment variable that, set to `false` or `0`, keeps prompts,
 * responses and tool arguments out of span attributes (as in adk-python).
 */
export const ADK_CAPTURE_MESSAGE_CONTENT_IN_SPANS = 'ADK_CAPTURE_MESSAGE_CONTENT_IN_SPANS';

function captureContent(): boolean {
  const setting = process.env[ADK_CAPTURE_MESSAGE_CONTENT_IN_SPANS]?.toLowerCase();
  return setting !== 'false' && setting !== '0';
}

/** JSON of `value`, or `<not serializable>` (bigints, cycles). */
export function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, item: unknown) =>
      typeof item === 'function' || typeof item === 'symbol' ? '<not serializable>' : item,
    );
  } catch {
    return '<not serializable>';
  }
}

/** The attributes of an `invoke_agent` span (adk-python `trace_agent_invocation`). */
export function traceAgentInvocation(
  span: Span,
  agent: { name: string; description: string },
  sessionId: string,
): void {
  span.setAttribute('gen_ai.operation.name', 'invoke_agent');
  span.setAttribute('gen_ai.agent.description', agent.description);
  span.setAttribute('gen_ai.agent.name', agent.name);
  span.setAttribute(CONVERSATION_ID, sessionId);
}

/** What `traceCallLlm` reads of a request. */
export interface TracedLlmRequest {
  model?: string | undefined;
  contents: readonly Content[];
  config?: object | undefined;
}

/** What `traceCallLlm` reads of a response. */
export interface TracedLlmResponse {
  usageMetadata?: { promptTokenCount?: number; candidatesTokenCount?: number } | undefined;
  finishReason?: string | undefined;
}

/**
 * The attributes of a `call_llm` span for one response (adk-python
 * `trace_call_llm`): system, model, invocation, session and event ids, the
 * request (inline data left out) and response as JSON, token usage and the
 * finish reason. Called for every response of the call; the last one wins.
 */
export function traceCallLlm(
  span: Span,
  ids: { invocationId: string; sessionId: string; eventId: string },
  request: TracedLlmRequest,
  response: TracedLlmResponse,
): void {
  span.setAttribute('gen_ai.system', 'gcp.vertex.agent');
  if (request.model) span.setAttribute('gen_ai.request.model', request.model);
  span.setAttribute(INVOCATION_ID, ids.invocationId);
  span.setAttribute(SESSION_ID, ids.sessionId);
  span.setAttribute(EVENT_ID, ids.eventId);
  const capture = captureContent();
  span.setAttribute('gcp.vertex.agent.llm_request', capture ? requestJson(request) : '{}');
  const config = request.config as { topP?: number; maxOutputTokens?: number } | undefined;
  if (config?.topP) span.setAttribute('gen_ai.request.top_p', config.topP);
  if (config?.maxOutputTokens)
    span.setAttribute('gen_ai.request.max_tokens', config.maxOutputTokens);
  span.setAttribute('gcp.vertex.agent.llm_response', capture ? safeJson(response) : '{}');
  const usage = response.usageMetadata;
  if (usage) {
    if (usage.promptTokenCount !== undefined)
      span.setAttribute('gen_ai.usage.input_tokens', usage.promptTokenCount);
    if (usage.candidatesTokenCount !== undefined)
      span.setAttribute('gen_ai.usage.output_tokens', usage.candidatesTokenCount);
  }
  if (response.finishReason) {
    span.setAttribute('gen_ai.response.finish_reasons', [response.finishReason.toLowerCase()]);
  }
}

// A streamed call traces every chunk; its request is serialised once.
const requestJsonCache = new WeakMap<TracedLlmRequest, string>();

function requestJson(request: TracedLlmRequest): string {
  let json = requestJsonCache.get(request);
  if (json === undefined) {
    json = serialiseRequest(request);
    requestJsonCache.set(request, json);
  }
  return json;
}

function serialiseRequest(request: TracedLlmRequest): string {
  const { responseSchema: _schema, ...config } = (request.config ?? {}) as Record<string, unknown>;
  return safeJson({
    model: request.model,
    config,
    // Bytes stay out of traces.
    contents: request.contents.map((content) => ({
      ...content,
      parts: (content.parts ?? []).filter((part) => !part.inlineData),
    })),
  });
}

/** What `traceToolCall` reads of the function-response event. */
export interface TracedResponseEvent {
  id: string;
  content?: Content | undefined;
}

/**
 * The attributes of an `execute_tool {name}` span (adk-python
 * `trace_tool_call`): the tool, its arguments, the call id and response,
 * and the response event's id.
 */
export function traceToolCall(
  span: Span,
  tool: { name: string; description: string; typeName: string },
  args: unknown,
  responseEvent: TracedResponseEvent | undefined,
): void {
  span.setAttribute('gen_ai.operation.name', 'execute_tool');
  span.setAttribute('gen_ai.tool.description', tool.description);
  span.setAttribute('gen_ai.tool.name', tool.name);
  span.setAttribute('gen_ai.tool.type', tool.typeName);
  // adk-web expects these on every span it shows.
  span.setAttribute('gcp.vertex.agent.llm_request', '{}');
  span.setAttribute('gcp.vertex.agent.llm_response', '{}');
  const capture = captureContent();
  span.setAttribute('gcp.vertex.agent.tool_call_args', capture ? safeJson(args) : '{}');
  const functionResponse = responseEvent?.content?.parts?.[0]?.functionResponse;
  span.setAttribute('gen_ai.tool.call.id', functionResponse?.id ?? '<not specified>');
  let response: unknown = functionResponse?.response ?? '<not specified>';
  if (typeof response !== 'object' || response === null || Array.isArray(response))
    response = { result: response };
  if (responseEvent) span.setAttribute(EVENT_ID, responseEvent.id);
  span.setAttribute('gcp.vertex.agent.tool_response', capture ? safeJson(response) : '{}');
}

/**
 * The attributes of the `execute_tool (merged)` span that covers several
 * parallel calls merged into one response event (adk-python
 * `trace_merged_tool_calls`).
 */
export function traceMergedToolCalls(span: Span, mergedEvent: TracedResponseEvent): void {
  span.setAttribute('gen_ai.operation.name', 'execute_tool');
  span.setAttribute('gen_ai.tool.name', '(merged tools)');
  span.setAttribute('gen_ai.tool.description', '(merged tools)');
  span.setAttribute('gen_ai.tool.call.id', mergedEvent.id);
  span.setAttribute('gcp.vertex.agent.tool_call_args', 'N/A');
  span.setAttribute(EVENT_ID, mergedEvent.id);
  span.setAttribute(
    'gcp.vertex.agent.tool_response',
    captureContent() ? safeJson(mergedEvent) : '{}',
  );
  span.setAttribute('gcp.vertex.agent.llm_request', '{}');
  span.setAttribute('gcp.vertex.agent.llm_response', '{}');
}
