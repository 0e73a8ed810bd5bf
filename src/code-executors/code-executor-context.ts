import { deepClone } from '../utils/deep-clone.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import type { File } from './code-execution-utils.js';

/** Session-state keys, exactly as Python stores them. */
const CONTEXT_KEY = '_code_execution_context';
const SESSION_ID_KEY = 'execution_session_id';
const PROCESSED_FILE_NAMES_KEY = 'processed_input_files';
const INPUT_FILE_KEY = '_code_executor_input_files';
const ERROR_COUNT_KEY = '_code_executor_error_counts';
const CODE_EXECUTION_RESULTS_KEY = '_code_execution_results';

/** One executed block as Python records it under `_code_execution_results`. */
export interface RecordedCodeExecution {
  code: string;
  result_stdout: string;
  result_stderr: string;
  /** Whole seconds since the epoch. */
  timestamp: number;
}

type State = Record<string, unknown>;

/**
 * The code executor's bookkeeping, kept in the session state (Python
 * `CodeExecutorContext`). It reads and writes the state object it is given
 * in place, as Python does with `session.state`. Only the
 * `_code_execution_context` entry (execution session id, processed file
 * names) reaches events, through `getStateDelta`; input files, error counts
 * and execution results live in the invocation's copy of the session.
 */
export class CodeExecutorContext {
  private readonly sessionState: State;
  private readonly context: State;

  constructor(sessionState: State) {
    this.sessionState = sessionState;
    const stored = sessionState[CONTEXT_KEY];
    if (isPlainObject(stored)) {
      this.context = stored;
    } else {
      this.context = {};
      sessionState[CONTEXT_KEY] = this.context;
    }
  }

  /** The state delta to persist: a copy of `_code_execution_context`. */
  getStateDelta(): Record<string, unknown> {
    return { [CONTEXT_KEY]: deepClone(this.context) };
  }

  /** The id of the stateful execution session, if one was set. */
  getExecutionId(): string | undefined {
    const id = this.context[SESSION_ID_KEY];
    return typeof id === 'string' ? id : undefined;
  }

  /** Records the id of the stateful execution session. */
  setExecutionId(sessionId: string): void {
    this.context[SESSION_ID_KEY] = sessionId;
  }

  /** The names of the data files already explored. */
  getProcessedFileNames(): string[] {
    const names = this.context[PROCESSED_FILE_NAMES_KEY];
    return Array.isArray(names) ? names.filter((name) => typeof name === 'string') : [];
  }

  /** Adds names to the explored data files. */
  addProcessedFileNames(fileNames: readonly string[]): void {
    this.ownList(this.context, PROCESSED_FILE_NAMES_KEY).push(...fileNames);
  }

  /** The data files extracted from the request so far. */
  getInputFiles(): File[] {
    const stored = this.sessionState[INPUT_FILE_KEY];
    if (!Array.isArray(stored)) return [];
    const files: File[] = [];
    for (const entry of stored) {
      if (!isPlainObject(entry) || typeof entry['name'] !== 'string') continue;
      const content = entry['content'];
      const mimeType = entry['mime_type'];
      files.push({
        name: entry['name'],
        content: typeof content === 'string' || content instanceof Uint8Array ? content : '',
        mimeType: typeof mimeType === 'string' ? mimeType : 'text/plain',
      });
    }
    return files;
  }

  /** Adds data files, stored with Python's field names (`name`, `content`, `mime_type`). */
  addInputFiles(inputFiles: readonly File[]): void {
    const list = this.ownList(this.sessionState, INPUT_FILE_KEY);
    for (const file of inputFiles) {
      list.push({ name: file.name, content: file.content, mime_type: file.mimeType });
    }
  }

  /** Forgets the data files and which of them were explored. */
  clearInputFiles(): void {
    if (INPUT_FILE_KEY in this.sessionState) this.sessionState[INPUT_FILE_KEY] = [];
    if (PROCESSED_FILE_NAMES_KEY in this.context) this.context[PROCESSED_FILE_NAMES_KEY] = [];
  }

  /** Consecutive failed runs in the invocation. */
  getErrorCount(invocationId: string): number {
    const counts = this.sessionState[ERROR_COUNT_KEY];
    if (!isPlainObject(counts) || !Object.hasOwn(counts, invocationId)) return 0;
    const count = counts[invocationId];
    return typeof count === 'number' ? count : 0;
  }

  /** Counts one more failed run in the invocation. */
  incrementErrorCount(invocationId: string): void {
    const count = this.getErrorCount(invocationId) + 1;
    this.ownRecord(this.sessionState, ERROR_COUNT_KEY)[invocationId] = count;
  }

  /** Clears the invocation's failure count after a successful run. */
  resetErrorCount(invocationId: string): void {
    const counts = this.sessionState[ERROR_COUNT_KEY];
    if (isPlainObject(counts)) delete counts[invocationId];
  }

  /** Records an executed block and its output under the invocation. */
  updateCodeExecutionResult(
    invocationId: string,
    code: string,
    resultStdout: string,
    resultStderr: string,
  ): void {
    const results = this.ownRecord(this.sessionState, CODE_EXECUTION_RESULTS_KEY);
    let list = Object.hasOwn(results, invocationId) ? results[invocationId] : undefined;
    if (!Array.isArray(list)) {
      list = [];
      results[invocationId] = list;
    }
    const record: RecordedCodeExecution = {
      code,
      result_stdout: resultStdout,
      result_stderr: resultStderr,
      timestamp: Math.floor(Date.now() / 1000),
    };
    (list as unknown[]).push(record);
  }

  private ownList(holder: State, key: string): unknown[] {
    const value = holder[key];
    if (Array.isArray(value)) return value as unknown[];
    const list: unknown[] = [];
    holder[key] = list;
    return list;
  }

  private ownRecord(holder: State, key: string): State {
    const value = holder[key];
    if (isPlainObject(value)) return value;
    const record: State = {};
    holder[key] = record;
    return record;
  }
}
