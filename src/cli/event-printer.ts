import type { Event } from '../events/event.js';
import { eventToCamelCaseJson } from '../events/event-json.js';
import type { Part } from '../types/index.js';

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
 * skipped.
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
      if (!event.partial) this.out.write(`${JSON.stringify(eventToCamelCaseJson(event))}\n`);
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
