import { describe, expect, it } from 'vitest';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import { CodeExecutorUnavailableError } from '../errors/code-executor-unavailable-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { CodeExecutionInput } from './code-execution-utils.js';
import { UnsafeLocalCodeExecutor } from './unsafe-local-code-executor.js';

async function execute(
  code: string,
  executor = new UnsafeLocalCodeExecutor(),
  input: Partial<CodeExecutionInput> = {},
) {
  const invocationContext = await createTestInvocationContext();
  return executor.executeCode({
    invocationContext,
    codeExecutionInput: { code, inputFiles: [], ...input },
  });
}

describe('UnsafeLocalCodeExecutor (spec 003 §16)', () => {
  it('spec 003 §16: runs Python with python3 and captures stdout', async () => {
    expect(await execute('print(1+1)')).toEqual({
      stdout: '2\n',
      stderr: '',
      outputFiles: [],
      exitCode: 0,
    });
  });

  it('spec 003 §16: reports an exception by its message, without stdout, as Python ADK does', async () => {
    const result = await execute('print("before")\nraise KeyError("k")');
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe("'k'");
  });

  it('spec 003 §16: code writing to stderr still succeeds', async () => {
    const result = await execute('import sys\nsys.stderr.write("note\\n")\nprint("ok")');
    expect(result).toMatchObject({ stdout: 'ok\n', stderr: '' });
  });

  it('spec 003 §16: runs __main__ blocks only when the code tests for them', async () => {
    expect((await execute('if __name__ == "__main__":\n    print("main")')).stdout).toBe('main\n');
    expect((await execute('print(__name__)')).stdout).toBe('builtins\n');
  });

  it('spec 003 §16: each run starts from a fresh interpreter', async () => {
    const executor = new UnsafeLocalCodeExecutor();
    await execute('x = 1', executor);
    expect((await execute('print(x)', executor)).stderr).toBe("name 'x' is not defined");
  });

  it('spec 003 §16: kills a run that exceeds timeoutSeconds', async () => {
    const result = await execute(
      'import time\ntime.sleep(30)',
      new UnsafeLocalCodeExecutor({ timeoutSeconds: 0.5 }),
    );
    expect(result.stderr).toBe('Code execution timed out after 0.5 seconds.');
    expect(result.stdout).toBe('');
  });

  it('spec 003 §16: reports a run that dies without a result by its exit status', async () => {
    const result = await execute('import os\nos._exit(3)');
    expect(result).toMatchObject({ stderr: 'Code execution exited with status 3.', exitCode: 3 });
  });

  it('spec 003 §16: writes input files to the working directory', async () => {
    const result = await execute('print(open("data.csv").read())', undefined, {
      inputFiles: [
        { name: 'data.csv', content: new TextEncoder().encode('a,b'), mimeType: 'text/csv' },
      ],
    });
    expect(result.stdout).toBe('a,b\n');
  });

  it('spec 003 §16: refuses input file names outside the working directory', async () => {
    const error = await execute('pass', undefined, {
      inputFiles: [{ name: '../escape.csv', content: 'x', mimeType: 'text/csv' }],
    }).catch((caught: unknown) => caught);
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
  });

  it('spec 003 §16: cannot be stateful or optimise data files', () => {
    expect(() => new UnsafeLocalCodeExecutor({ stateful: true })).toThrow(
      'Cannot set `stateful=True` in UnsafeLocalCodeExecutor.',
    );
    expect(() => new UnsafeLocalCodeExecutor({ optimizeDataFile: true })).toThrow(
      'Cannot set `optimize_data_file=True` in UnsafeLocalCodeExecutor.',
    );
    const executor = new UnsafeLocalCodeExecutor({ errorRetryAttempts: 5 });
    expect(executor).toMatchObject({
      stateful: false,
      optimizeDataFile: false,
      errorRetryAttempts: 5,
    });
  });

  it('spec 003 §16: a missing interpreter is a CodeExecutorUnavailableError', async () => {
    const error = await execute(
      'print(1)',
      new UnsafeLocalCodeExecutor({ pythonCommandPath: 'no-such-python-for-adk' }),
    ).catch((caught: unknown) => caught);
    expect(CodeExecutorUnavailableError.isInstance(error)).toBe(true);
    expect((error as CodeExecutorUnavailableError).command).toBe('no-such-python-for-adk');
  });

  it('spec 003 §16: an aborted invocation stops the run', async () => {
    const controller = new AbortController();
    const invocationContext = await createTestInvocationContext();
    invocationContext.abortSignal = controller.signal;
    const pending = new UnsafeLocalCodeExecutor().executeCode({
      invocationContext,
      codeExecutionInput: { code: 'import time\ntime.sleep(30)', inputFiles: [] },
    });
    setTimeout(() => controller.abort(new Error('stop')), 100);
    await expect(pending).rejects.toThrow('stop');
  });
});
