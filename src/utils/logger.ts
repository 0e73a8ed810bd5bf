/** Severity of a log record, lowest first. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Where ADK writes its log records. Replace it with `setLogger` to route them elsewhere. */
export interface Logger {
  debug(message: string, ...details: unknown[]): void;
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

const order: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };
let threshold: LogLevel = 'warn';

const consoleLogger: Logger = {
  debug: (message, ...details) => {
    if (order[threshold] <= order.debug) console.debug(`[adk] ${message}`, ...details);
  },
  info: (message, ...details) => {
    if (order[threshold] <= order.info) console.info(`[adk] ${message}`, ...details);
  },
  warn: (message, ...details) => {
    if (order[threshold] <= order.warn) console.warn(`[adk] ${message}`, ...details);
  },
  error: (message, ...details) => {
    if (order[threshold] <= order.error) console.error(`[adk] ${message}`, ...details);
  },
};

let current: Logger = consoleLogger;

/** The logger ADK writes to: the console, from `warn` up, unless replaced. */
export const logger: Logger = {
  debug: (message, ...details) => current.debug(message, ...details),
  info: (message, ...details) => current.info(message, ...details),
  warn: (message, ...details) => current.warn(message, ...details),
  error: (message, ...details) => current.error(message, ...details),
};

/** Routes ADK's log records to `replacement`; pass nothing to restore the console logger. */
export function setLogger(replacement?: Logger): void {
  current = replacement ?? consoleLogger;
}

/** Sets the lowest level the console logger prints (default `warn`). */
export function setLogLevel(level: LogLevel): void {
  threshold = level;
}
