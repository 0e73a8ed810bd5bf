export { nowSeconds } from './clock.js';
export { deepClone } from './deep-clone.js';
export { getOwn, hasOwn, setOwn } from './get-own.js';
export {
  CLIENT_FUNCTION_CALL_ID_PREFIX,
  newEventId,
  newFunctionCallId,
  newInvocationId,
} from './ids.js';
export { isPlainObject } from './is-plain-object.js';
export { logger, setLogger, setLogLevel, type Logger, type LogLevel } from './logger.js';
export { toList } from './to-list.js';
