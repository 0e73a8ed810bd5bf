/**
 * Agent Development Kit for TypeScript: the public API. Behaviour follows
 * Python ADK 2.x; names follow `@google/adk` where it has them.
 *
 * @module
 */
export * from './agents/index.js';
export * from './artifacts/index.js';
export * from './config/index.js';
export * from './context/index.js';
export * from './errors/index.js';
export * from './events/index.js';
export * from './code-executors/index.js';
export * from './flows/index.js';
export * from './memory/index.js';
export * from './models/index.js';
export * from './planners/index.js';
export * from './plugins/index.js';
export * from './runner/index.js';
export * from './sessions/index.js';
export * from './telemetry/index.js';
export * from './tools/index.js';
export type * from './types/index.js';
export { logger, setLogger, setLogLevel, type Logger, type LogLevel } from './utils/logger.js';
export {
  CLIENT_FUNCTION_CALL_ID_PREFIX,
  newEventId,
  newFunctionCallId,
  newInvocationId,
} from './utils/ids.js';
