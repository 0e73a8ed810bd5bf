import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { Writable } from 'node:stream';
import type { LogLevel, Logger } from '../utils/logger.js';

/** The `--log_level` values Python's CLI accepts (any case). */
export const LOG_LEVEL_CHOICES = ['DEBUG', 'INFO', 'WARNING', 'ERROR', 'CRITICAL'] as const;

/**
 * The logger level for a `--log_level` value: DEBUG, INFO, WARNING, ERROR
 * or CRITICAL (case-insensitive; CRITICAL logs errors). Anything else is
 * `InvalidArgumentError`.
 */
export function parseLogLevel(value: string): LogLevel {
  switch (value.toUpperCase()) {
    case 'DEBUG':
      return 'debug';
    case 'INFO':
      return 'info';
    case 'WARNING':
    case 'WARN':
      return 'warn';
    case 'ERROR':
    case 'CRITICAL':
      return 'error';
    default:
      throw new InvalidArgumentError({
        argument: 'log_level',
        message: `Invalid --log_level ${JSON.stringify(value)}: use one of ${LOG_LEVEL_CHOICES.join(', ')}.`,
      });
  }
}

const SEVERITY: Readonly<Record<LogLevel, number>> = { debug: 0, info: 1, warn: 2, error: 3 };

/**
 * A logger that writes records of `level` and above to `stderr` as
 * `[adk] message details…`, as Python's logging does, for commands whose
 * stdout is their result (`adk eval`).
 */
export function stderrLogger(stderr: Writable, level: LogLevel): Logger {
  const write =
    (recordLevel: LogLevel) =>
    (message: string, ...details: unknown[]): void => {
      if (SEVERITY[recordLevel] < SEVERITY[level]) return;
      const rest = details.map((detail) =>
        detail instanceof Error ? detail.stack : String(detail),
      );
      stderr.write(`[adk] ${[message, ...rest].join(' ')}\n`);
    };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
