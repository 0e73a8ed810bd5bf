import {
  BaseEventsSummarizer,
  type SummarizeEventsRequest,
} from '../../context/base-events-summarizer.js';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { createEvent, type Event } from '../../events/event.js';
import type { BaseLlm } from '../../models/base-llm.js';
import { createLlmRequest } from '../../models/llm-request.js';
import type { Content } from '../../types/index.js';
import { newUuid } from '../../utils/ids.js';
import { pythonStr } from '../../utils/python-repr.js';
import { truncateCodePoints } from '../../utils/truncate-code-points.js';

/**
 * The summarization prompt of Python's `LlmEventSummarizer`
 * (`_DEFAULT_PROMPT_TEMPLATE`), byte for byte: the conversation goes where
 * `{conversation_history}` is.
 */
export const DEFAULT_SUMMARIZER_PROMPT_TEMPLATE =
  'The following is a conversation history between a user and an AI agent.' +
  ' It may or may not start from a compacted history. Please identify and' +
  ' reiterate the user request, summarize the context so far, focusing on' +
  ' key decisions made and information obtained, as well as any unresolved' +
  ' questions or tasks. ' +
  'CRITICAL INSTRUCTIONS: ' +
  '1. Explicitly identify and state the primary language used by the user ' +
  'at the top of your summary (e.g., "Conversation Language: English"). ' +
  '2. If the agent called any tools, accurately list the exact tool names ' +
  'used to maintain tool grounding. ' +
  'The rest of the summary should be concise and capture the' +
  ' essence of the interaction.\n\n{conversation_history}';

/** Characters of one tool call's arguments or one tool result the prompt keeps (Python `_MAX_TOOL_CONTENT_CHARS`). */
export const MAX_TOOL_CONTENT_CHARS = 2000;

/** Options of an LlmEventSummarizer. */
export interface LlmEventSummarizerOptions {
  /** The model that writes the summary. */
  llm: BaseLlm;
  /**
   * The prompt, with `{conversation_history}` where the events go (Python
   * `str.format`: `{{` and `}}` are literal braces, any other field is an
   * error). Default `DEFAULT_SUMMARIZER_PROMPT_TEMPLATE`.
   */
  promptTemplate?: string;
}

/**
 * Summarizes events with a model (Python `LlmEventSummarizer`): one
 * non-streaming call whose only content is the prompt with the events
 * written as lines (`author: text`, `author (thought): text`,
 * `author called tool: name(args)`, `Tool response from name: result`, tool
 * arguments and results in Python's repr, each cut at
 * `MAX_TOOL_CONTENT_CHARS`; a previous summary's thoughts are left out).
 * The model's first content becomes the summary (role `model`) in a
 * `user`-authored event under a new invocation id, with the call's usage
 * metadata; no content, no event.
 */
export class LlmEventSummarizer extends BaseEventsSummarizer {
  readonly llm: BaseLlm;
  readonly promptTemplate: string;

  /** Throws `InvalidArgumentError` when `promptTemplate` has a field other than `{conversation_history}`. */
  constructor({ llm, promptTemplate }: LlmEventSummarizerOptions) {
    super();
    this.llm = llm;
    this.promptTemplate = promptTemplate || DEFAULT_SUMMARIZER_PROMPT_TEMPLATE;
    formatPrompt(this.promptTemplate, '');
  }

  override async maybeSummarizeEvents({
    events,
  }: SummarizeEventsRequest): Promise<Event | undefined> {
    if (events.length === 0) return undefined;
    const prompt = formatPrompt(this.promptTemplate, formatEventsForPrompt(events));
    const request = createLlmRequest({
      model: this.llm.model,
      contents: [{ role: 'user', parts: [{ text: prompt }] }],
    });
    let summary: Content | undefined;
    let usageMetadata;
    for await (const response of this.llm.generateContentAsync(request, false)) {
      if (response.content) {
        summary = { ...response.content, role: 'model' };
        usageMetadata = response.usageMetadata;
        break;
      }
    }
    if (!summary) return undefined;
    return createEvent({
      author: 'user',
      invocationId: newUuid(),
      actions: {
        compaction: {
          startTimestamp: events[0]!.timestamp,
          endTimestamp: events[events.length - 1]!.timestamp,
          compactedContent: summary,
        },
      },
      ...(usageMetadata ? { usageMetadata } : {}),
    });
  }
}

/** The events as the summarizer's prompt writes them (Python `_format_events_for_prompt`). */
export function formatEventsForPrompt(events: readonly Event[]): string {
  const lines: string[] = [];
  for (const event of events) {
    const parts = event.content?.parts;
    if (!parts?.length) continue;
    const isCompaction = event.actions?.compaction !== undefined;
    for (const part of parts) {
      if (part.thought && part.text) {
        if (!isCompaction) lines.push(`${event.author} (thought): ${part.text}`);
      } else if (part.text) {
        lines.push(`${event.author}: ${part.text}`);
      }
      if (part.functionCall) {
        const args = truncate(pythonStr(part.functionCall.args));
        lines.push(`${event.author} called tool: ${part.functionCall.name ?? 'None'}(${args})`);
      }
      if (part.functionResponse) {
        const response = truncate(pythonStr(part.functionResponse.response));
        lines.push(`Tool response from ${part.functionResponse.name ?? 'None'}: ${response}`);
      }
    }
  }
  return lines.join('\n');
}

function truncate(text: string): string {
  const cut = truncateCodePoints(text, MAX_TOOL_CONTENT_CHARS);
  if (!cut.truncated) return text;
  const dropped = Array.from(text).length - MAX_TOOL_CONTENT_CHARS;
  return `${cut.text}... [truncated ${dropped} chars]`;
}

/** Python's `template.format(conversation_history=history)`. */
function formatPrompt(template: string, history: string): string {
  return template.replace(/\{\{|\}\}|\{([^{}]*)\}|[{}]/g, (match, field: string | undefined) => {
    if (match === '{{') return '{';
    if (match === '}}') return '}';
    if (field === 'conversation_history') return history;
    throw new InvalidArgumentError({
      message: `The summarizer prompt template may only use {conversation_history}; found '${match}' (write {{ and }} for literal braces).`,
      argument: 'promptTemplate',
    });
  });
}
