import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

/** Names of the functions whose optimised code a collection threw away because objects it embedded died. */
async function deoptimisedByCollections(collections: number): Promise<string[]> {
  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      '--expose-gc',
      // Compilation on the main thread: which functions are optimised, and when, is then deterministic.
      '--single-threaded',
      '--trace-deopt',
      'test/perf/idle-gc-process.ts',
      String(collections),
    ],
    { cwd: root, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 },
  );
  expect(stdout).toContain('DONE');
  const afterIdle = stdout.slice(stdout.indexOf('IDLE'));
  return [
    ...afterIdle.matchAll(
      /<SharedFunctionInfo ([^>]*)>\) \(opt id \d+\) for deoptimization, reason: weak objects/g,
    ),
  ].map((match) => match[1]!);
}

describe('keepHiddenClass (V8 hidden classes of per-invocation objects)', () => {
  it('keeps the Runner, the flow and the tool call optimised across two full collections of an idle process', async () => {
    const deoptimised = await deoptimisedByCollections(2);
    // Without the kept context, span and tool context, all of these are thrown away here.
    for (const name of ['runAsync', 'runFunctionCall', 'process', 'callLlm']) {
      expect(deoptimised).not.toContain(name);
    }
  }, 150_000);
});
