import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { CodeExecutorUnavailableError } from '../errors/code-executor-unavailable-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import { logger } from '../utils/logger.js';
import {
  BaseCodeExecutor,
  type BaseCodeExecutorOptions,
  type ExecuteCodeArguments,
} from './base-code-executor.js';
import type { CodeExecutorResult, File } from './code-execution-utils.js';

/** Settings of an UnsafeLocalCodeExecutor. */
export interface UnsafeLocalCodeExecutorOptions extends BaseCodeExecutorOptions {
  /** The Python interpreter to run; default `python3`. */
  pythonCommandPath?: string;
}

// Runs the program the way Python ADK's in-process executor does, so results
// read the same: `exec` with fresh globals (`__name__` set to `__main__` only
// when the code tests for it), stdout captured, and on an exception no stdout
// and the exception's message as stderr. What the code writes to stderr is
// not part of the result there either. The result travels on fd 3 so that
// nothing the program prints can be mistaken for it.
const RUNNER = String.raw`
import contextlib, io, json, os, re, sys

def _run():
    source = sys.stdin.buffer.read().decode('utf-8')
    namespace = {}
    if re.search(r"if\s+__name__\s*==\s*['\"]__main__['\"]", source):
        namespace['__name__'] = '__main__'
    captured = io.StringIO()
    result = {'stdout': '', 'stderr': ''}
    try:
        with contextlib.redirect_stdout(captured):
            exec(source, namespace, namespace)
        result['stdout'] = captured.getvalue()
    except SystemExit as exc:
        if exc.code is None or exc.code == 0:
            result['stdout'] = captured.getvalue()
        else:
            result['stderr'] = str(exc)
    except Exception as exc:
        result['stderr'] = str(exc)
    with os.fdopen(3, 'w', encoding='utf-8') as channel:
        json.dump(result, channel)

_run()
`;

/**
 * Runs the model's Python code on this machine, without any sandbox (Python
 * `UnsafeLocalCodeExecutor`). Use it only with models and inputs you trust.
 *
 * Python ADK runs the code with `exec()` inside its own process. The model
 * writes Python here too, so this executor runs it with the machine's
 * `python3` in a child process, one fresh interpreter per run: the code
 * arrives on stdin and executes with `exec()` under the same rules, so stdout
 * and stderr come back as Python ADK reports them. Input files are written to
 * a temporary working directory. `timeoutSeconds` kills the run's process
 * group (POSIX) and reports the timeout as stderr. Like Python's, this
 * executor is never stateful and does not optimise data files.
 */
export class UnsafeLocalCodeExecutor extends BaseCodeExecutor {
  /** The interpreter command. */
  readonly pythonCommandPath: string;

  constructor(options: UnsafeLocalCodeExecutorOptions = {}) {
    if (options.stateful) {
      throw new InvalidArgumentError({
        message: 'Cannot set `stateful=True` in UnsafeLocalCodeExecutor.',
        argument: 'stateful',
      });
    }
    if (options.optimizeDataFile) {
      throw new InvalidArgumentError({
        message: 'Cannot set `optimize_data_file=True` in UnsafeLocalCodeExecutor.',
        argument: 'optimizeDataFile',
      });
    }
    super({ ...options, stateful: false, optimizeDataFile: false });
    this.pythonCommandPath = options.pythonCommandPath ?? 'python3';
  }

  /**
   * Runs the code in a new interpreter. Rejects with
   * `CodeExecutorUnavailableError` when the interpreter cannot be started, and
   * with the abort reason when the invocation is aborted.
   */
  override async executeCode({
    invocationContext,
    codeExecutionInput,
  }: ExecuteCodeArguments): Promise<CodeExecutorResult> {
    logger.debug(`Executing code:\n\`\`\`\n${codeExecutionInput.code}\n\`\`\``);
    const abortSignal = invocationContext.abortSignal;
    abortSignal?.throwIfAborted();
    const workDir =
      codeExecutionInput.inputFiles.length > 0
        ? await writeInputFiles(codeExecutionInput.inputFiles)
        : undefined;
    try {
      return await this.run(codeExecutionInput.code, workDir, abortSignal);
    } finally {
      if (workDir) await rm(workDir, { recursive: true, force: true });
    }
  }

  private async run(
    code: string,
    cwd: string | undefined,
    abortSignal: AbortSignal | undefined,
  ): Promise<CodeExecutorResult> {
    // Loaded at the first execution: importing the package starts no process machinery.
    const { spawn } = await import('node:child_process');
    return new Promise<CodeExecutorResult>((resolvePromise, rejectPromise) => {
      if (abortSignal?.aborted) {
        rejectPromise(abortSignal.reason);
        return;
      }
      const child = spawn(this.pythonCommandPath, ['-c', RUNNER], {
        stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
        // Its own process group, so a timeout also stops what the code started.
        detached: true,
        ...(cwd ? { cwd } : {}),
      });
      const channel: Buffer[] = [];
      const stderr: Buffer[] = [];
      let timedOut = false;
      let settled = false;

      const killGroup = (): void => {
        if (child.pid === undefined) return;
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      };
      const timer =
        this.timeoutSeconds === undefined
          ? undefined
          : setTimeout(() => {
              timedOut = true;
              killGroup();
            }, this.timeoutSeconds * 1000);
      const onAbort = (): void => {
        killGroup();
        finish(() => rejectPromise(abortSignal?.reason));
      };
      abortSignal?.addEventListener('abort', onAbort, { once: true });
      const finish = (settle: () => void): void => {
        if (settled) return;
        settled = true;
        if (timer) clearTimeout(timer);
        abortSignal?.removeEventListener('abort', onAbort);
        settle();
      };

      child.on('error', (error) => {
        finish(() =>
          rejectPromise(
            new CodeExecutorUnavailableError({ command: this.pythonCommandPath, cause: error }),
          ),
        );
      });
      (child.stdio[3] as Readable).on('data', (chunk: Buffer) => channel.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
      // The code's own stdout is not part of the result (Python captures
      // `sys.stdout` only); it is drained so the child never blocks on it.
      child.stdout.resume();
      // A child that exits before reading all of its input closes the pipe.
      child.stdin.on('error', () => undefined);
      child.stdin.end(code, 'utf8');

      child.on('close', (exitCode, signal) => {
        finish(() => {
          const result = parseResult(Buffer.concat(channel).toString('utf8'));
          const exit = exitCode === null ? {} : { exitCode };
          if (timedOut) {
            resolvePromise({
              stdout: '',
              stderr: `Code execution timed out after ${this.timeoutSeconds} seconds.`,
              outputFiles: [],
              ...exit,
            });
          } else if (result) {
            resolvePromise({ ...result, outputFiles: [], ...exit });
          } else {
            const status = signal ? `signal ${signal}` : `status ${exitCode}`;
            const diagnostic = Buffer.concat(stderr).toString('utf8').trim();
            resolvePromise({
              stdout: '',
              stderr: diagnostic || `Code execution exited with ${status}.`,
              outputFiles: [],
              ...exit,
            });
          }
        });
      });
    });
  }
}

async function writeInputFiles(files: readonly File[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'adk-code-'));
  try {
    for (const file of files) {
      const target = resolve(dir, file.name);
      if (!target.startsWith(dir + sep)) {
        throw new InvalidArgumentError({
          message: `Input file name ${JSON.stringify(file.name)} leaves the working directory.`,
          argument: 'inputFiles',
        });
      }
      await mkdir(dirname(target), { recursive: true });
      // Python writes text content as it is (base64 text stays text) and bytes as bytes.
      await writeFile(target, file.content);
    }
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return dir;
}

function parseResult(text: string): { stdout: string; stderr: string } | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (
      isPlainObject(value) &&
      typeof value['stdout'] === 'string' &&
      typeof value['stderr'] === 'string'
    ) {
      return { stdout: value['stdout'], stderr: value['stderr'] };
    }
  } catch {
    // A truncated result (the run was killed while writing it) counts as none.
  }
  return undefined;
}
