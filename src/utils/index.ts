/*
 * The public utilities: ADK's logger and how to replace it or set its level.
 * src/index.ts re-exports all of it, so a name added here is a public-API
 * decision (test/packaging/public-surface.test.ts pins the runtime names). The
 * other helpers here (ids, clocks, cloning, own-property access, Python
 * rendering) stay out; the package imports their files directly.
 */

export { logger, setLogger, setLogLevel, type Logger, type LogLevel } from './logger.js';
