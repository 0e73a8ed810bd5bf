import { createInterface, type Interface } from 'node:readline';
import { Writable } from 'node:stream';
import type { CliIo } from './cli-io.js';

/**
 * Reads the user's lines one at a time (typed at a terminal or piped in).
 * `next()` resolves with the next line, or undefined once input has ended
 * or the reader was closed. At a terminal, Ctrl-C is reported to
 * `onInterrupt` (readline catches it before the process sees a SIGINT).
 */
export class LineReader {
  private readonly lines: string[] = [];
  private readonly waiting: ((line: string | undefined) => void)[] = [];
  private readonly readline: Interface;
  private readonly output: CliIo['stdout'];
  private readonly terminal: boolean;
  private closed = false;
  // While true, what readline writes (the echo of typed keys) is dropped.
  private muted = false;

  constructor(io: CliIo, onInterrupt?: () => void) {
    this.output = io.stdout;
    this.terminal = io.isInteractive;
    const stdout = io.stdout;
    const echo = new Writable({
      write: (chunk: Buffer | string, _encoding, done) => {
        if (!this.muted) stdout.write(chunk);
        done();
      },
    });
    // readline lays out the line by the terminal's width.
    Object.defineProperty(echo, 'columns', {
      get: () => (stdout as { columns?: number }).columns ?? 80,
    });
    this.readline = createInterface({
      input: io.stdin,
      terminal: io.isInteractive,
      ...(io.isInteractive ? { output: echo } : {}),
    });
    this.readline.on('line', (line) => {
      const waiter = this.waiting.shift();
      if (waiter) waiter(line);
      else this.lines.push(line);
    });
    this.readline.on('close', () => this.finish());
    if (onInterrupt) this.readline.on('SIGINT', onInterrupt);
  }

  /**
   * Shows `text` as the prompt of the next line: through readline at a
   * terminal (so line editing redraws it), else written as it is.
   */
  prompt(text: string): void {
    if (this.terminal && !this.closed) {
      // readline redraws only the prompt's last line; earlier lines are plain output.
      const lastLine = text.lastIndexOf('\n') + 1;
      if (lastLine > 0) this.output.write(text.slice(0, lastLine));
      this.readline.setPrompt(text.slice(lastLine));
      this.readline.prompt();
    } else {
      this.output.write(text);
    }
  }

  /** The next line, or undefined when there are no more. */
  next(): Promise<string | undefined> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.closed) return Promise.resolve(undefined);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /**
   * The next line, like `next`, for a secret: at a terminal the typed keys
   * are not shown (the prompt is, and a newline once the line is entered).
   */
  async nextSecret(): Promise<string | undefined> {
    if (!this.terminal) return this.next();
    this.muted = true;
    try {
      return await this.next();
    } finally {
      this.muted = false;
      this.output.write('\n');
    }
  }

  /** True once input has ended or `close` was called. */
  get isClosed(): boolean {
    return this.closed && this.lines.length === 0;
  }

  /** Stops reading; pending and later `next()` calls resolve with undefined. */
  close(): void {
    this.readline.close();
    this.finish();
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter(undefined);
  }
}
