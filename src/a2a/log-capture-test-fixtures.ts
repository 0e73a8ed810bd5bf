import { afterEach, beforeEach } from 'vitest';
import { setLogger, type LogLevel } from '../utils/logger.js';

/** The log records of the running test: level and message, in order. */
export type CapturedLog = { level: LogLevel; message: string }[];

/** Routes ADK's logger into a list for each test of the file, restoring the console after it. */
export function captureLogs(): CapturedLog {
  const records: CapturedLog = [];
  beforeEach(() => {
    records.length = 0;
    const record = (level: LogLevel) => (message: string) => {
      records.push({ level, message });
    };
    setLogger({
      debug: record('debug'),
      info: record('info'),
      warn: record('warn'),
      error: record('error'),
    });
  });
  afterEach(() => setLogger());
  return records;
}
