import type { Event } from '../events/event.js';
import { eventToCamelCaseJson } from '../events/event-json.js';
import { REQUEST_EUC_FUNCTION_CALL_NAME } from '../flows/functions.js';
import type { Part } from '../types/index.js';

/** What `EventPrinter` shows instead of a credential a client sent (`adk_request_credential` answers). */
export const HIDDEN_CREDENTIAL = '(hidden)';

/** How `EventPrinter` writes events. */
export interface EventPrinterOptions {
  /** One JSON object per line (Python's API JSON: camelCase, no null fields) instead of text. */
  readonly jsonl?: boolean;
}

/**
 * Prints a run's events for a person (`[author]: text`, as Python's
 * `adk run`; tool calls and results, and workflow node outputs that have no
 * text, on their own lines) or for a program
 * (`--jsonl`: every complete event as one JSON line). Partial (streamed)
 * events are printed as they come in text mode, and the complete event that
 * follows them does not repeat their text; in JSONL mode partial events are
 * skipped. An answer to `adk_request_credential` (a user's function
 * response, as `--resume` replays) never shows its credential: text mode
 * prints that it was answered, JSONL writes `exchangedAuthCredential` as
 * `"(hidden)"` (a bare credential answer becomes `{credential: "(hidden)"}`).
 */
export class EventPrinter {
  private readonly jsonl: boolean;
  // The author whose streamed text is being printed on the current line.
  private streamingAuthor: string | undefined;

  constructor(
    private readonly out: NodeJS.WritableStream,
    options: EventPrinterOptions = {},
  ) {
    this.jsonl = options.jsonl ?? false;
  }

  /** Prints one event. */
  print(event: Event): void {
    if (this.jsonl) {
      if (!event.partial) {
        this.out.write(`${JSON.stringify(withoutCredentials(eventToCamelCaseJson(event)))}\n`);
      }
      return;
    }
    const author = event.author || 'system';
    const parts = event.content?.parts ?? [];
    const text = textOf(parts);
    if (event.partial) {
      if (text === '') return;
      if (this.streamingAuthor !== author) {
        this.endStream();
        this.out.write(`[${author}]: `);
        this.streamingAuthor = author;
      }
      this.out.write(text);
      return;
    }
    const streamed = this.streamingAuthor === author;
    this.endStream();
    if (text !== '' && !streamed) this.out.write(`[${author}]: ${text}\n`);
    for (const part of parts) {
      if (part.functionCall) {
        const call = part.functionCall;
        this.out.write(
          `[${author}]: called tool ${call.name ?? ''}(${JSON.stringify(call.args ?? {})})\n`,
        );
      } else if (part.functionResponse?.name === REQUEST_EUC_FUNCTION_CALL_NAME) {
        this.out.write(
          `[${author}]: answered ${REQUEST_EUC_FUNCTION_CALL_NAME} (credential ${HIDDEN_CREDENTIAL})\n`,
        );
      } else if (part.functionResponse) {
        const response = part.functionResponse;
        this.out.write(
          `[${author}]: tool ${response.name ?? ''} returned ${JSON.stringify(response.response ?? {})}\n`,
        );
      }
    }
    // A workflow node's output that no text shows (a function node's value).
    if (event.output !== undefined && text === '' && !streamed) {
      this.out.write(`[${author}]: output ${JSON.stringify(event.output)}\n`);
    }
  }

  /** Prints a user's turn the way Python's `--replay` echoes it. */
  printUser(text: string): void {
    if (this.jsonl) return;
    this.endStream();
    this.out.write(`[user]: ${text}\n`);
  }

  /** Ends a line of streamed text, if one is open. */
  endStream(): void {
    if (this.streamingAuthor === undefined) return;
    this.out.write('\n');
    this.streamingAuthor = undefined;
  }
}

// The visible text of a message: text parts, thoughts left out.
function textOf(parts: readonly Part[]): string {
  return parts
    .filter((part) => typeof part.text === 'string' && !part.thought)
    .map((part) => part.text)
    .join('');
}

// The event JSON with the credential of each adk_request_credential answer hidden.
function withoutCredentials(json: Record<string, unknown>): Record<string, unknown> {
  const content = json['content'] as { parts?: Record<string, unknown>[] } | undefined;
  if (!content?.parts?.some(isCredentialAnswer)) return json;
  return {
    ...json,
    content: {
      ...content,
      parts: content.parts.map((part) => {
        if (!isCredentialAnswer(part)) return part;
        const answer = part['functionResponse'] as { response?: Record<string, unknown> };
        const response = answer.response ?? {};
        const isConfig =
          Object.hasOwn(response, 'exchangedAuthCredential') ||
          Object.hasOwn(response, 'exchanged_auth_credential');
        return {
          ...part,
          functionResponse: {
            ...answer,
            // A bare credential (or key) answer is hidden whole.
            response: !isConfig
              ? { credential: HIDDEN_CREDENTIAL }
              : Object.fromEntries(
                  Object.entries(response).map(([key, value]) => [
                    key,
                    key === 'exchangedAuthCredential' || key === 'exchanged_auth_credential'
                      ? HIDDEN_CREDENTIAL
                      : value,
                  ]),
                ),
          },
        };
      }),
    },
  };
}

function isCredentialAnswer(part: Record<string, unknown>): boolean {
  const answer = part['functionResponse'] as { name?: unknown } | undefined;
  return answer?.name === REQUEST_EUC_FUNCTION_CALL_NAME;
}
