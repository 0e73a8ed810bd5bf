import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADK_SOURCE_URL, runCli } from '../../test/cli/cli-process.js';

/*
 * `adk eval` (adk-python cli_tools_click.py `cli_eval`, cli_eval.py), run as
 * a process on a copy of examples/agents/hello_eval (its offline model, its
 * eval set in Python's format and its test_config.json) in a temp agents
 * directory, so results land in the copy's .adk/eval_history.
 */

const example = fileURLToPath(new URL('../../examples/agents/hello_eval', import.meta.url));
let cwd: string;
let appDir: string;

beforeAll(async () => {
  cwd = await mkdtemp(path.join(tmpdir(), 'adk-eval-'));
  appDir = path.join(cwd, 'hello_eval');
  await cp(example, appDir, { recursive: true });
  await writeFile(path.join(cwd, 'package.json'), '{"type":"module"}\n');
  // The example imports the installed packages; the copy imports this checkout's source and zod.
  const agent = await readFile(path.join(appDir, 'agent.ts'), 'utf8');
  const zod = pathToFileURL(createRequire(import.meta.url).resolve('zod')).href;
  await writeFile(
    path.join(appDir, 'agent.ts'),
    agent.replace("'@adk-ts/adk'", `'${ADK_SOURCE_URL}'`).replace("'zod'", `'${zod}'`),
  );
});

afterAll(async () => {
  await rm(cwd, { recursive: true, force: true });
});

const CRITERIA_LINE =
  "Using evaluation criteria: criteria={'tool_trajectory_avg_score': 1.0, 'response_match_score': 0.8} custom_metrics=None user_simulator_config=None\n";

describe('adk eval', () => {
  it('runs an eval set file, prints the summary and the detailed results, saves a Python-shaped result', async () => {
    const history = path.join(appDir, '.adk', 'eval_history');
    const before = await readdir(history).catch(() => [] as string[]);
    const result = await runCli(
      [
        'eval',
        'hello_eval',
        'hello_eval/hello_eval_set.evalset.json',
        '--config_file_path',
        'hello_eval/test_config.json',
        '--print_detailed_results',
      ],
      { cwd },
    );
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith(CRITERIA_LINE)).toBe(true);
    expect(result.stdout).toContain(
      `${'*'.repeat(69)}\nEval Run Summary\nhello_eval_set:\n  Tests passed: 2\n  Tests failed: 0\n`,
    );
    // The case without tool calls prints the same table on every run.
    expect(result.stdout).toContain(
      [
        '*'.repeat(68),
        'Eval Set Id: hello_eval_set',
        'Eval Id: what_can_you_do',
        'Overall Eval Status: PASSED',
        '-'.repeat(69),
        'Metric: tool_trajectory_avg_score, Status: PASSED, Score: 1.0, Threshold: 1.0',
        '-'.repeat(69),
        'Metric: response_match_score, Status: PASSED, Score: 1.0, Threshold: 0.8',
        '-'.repeat(69),
        'Invocation Details:',
        '+----+------------------+---------------------------+---------------------------+-----------------------+---------------------+-----------------------------+------------------------+',
        '|    | prompt           | expected_response         | actual_response           | expected_tool_calls   | actual_tool_calls   | tool_trajectory_avg_score   | response_match_score   |',
        '+====+==================+===========================+===========================+=======================+=====================+=============================+========================+',
        '|  0 | What can you do? | I can roll dice with any  | I can roll dice with any  |                       |                     | Status: PASSED, Score:      | Status: PASSED, Score: |',
        '|    |                  | number of sides           | number of sides           |                       |                     | 1.0                         | 1.0                    |',
        '|    |                  | and check whether numbers | and check whether numbers |                       |                     |                             |                        |',
        '|    |                  | are prime.                | are prime.                |                       |                     |                             |                        |',
        '+----+------------------+---------------------------+---------------------------+-----------------------+---------------------+-----------------------------+------------------------+',
        '',
        '',
        '',
        '',
      ].join('\n'),
    );
    expect(result.stdout).toContain("args={'sides': 17}");
    // Progress goes to stderr: each case run, then each case scored.
    expect(result.stderr).toContain('Ran eval case hello_eval_set/what_can_you_do');
    expect(result.stderr).toContain('Scored eval case hello_eval_set/roll_and_check');

    // Other tests of this file save results too (in another order each run).
    const [file, ...others] = (await readdir(history)).filter((name) => !before.includes(name));
    expect(others).toEqual([]);
    expect(file).toMatch(/^hello_eval_hello_eval_set_[0-9.]+\.evalset_result\.json$/);
    const saved = JSON.parse(await readFile(path.join(history, file ?? ''), 'utf8')) as unknown;
    // Python writes the result model as a JSON string inside the file.
    const result0 = (typeof saved === 'string' ? JSON.parse(saved) : saved) as Record<
      string,
      unknown
    >;
    expect(result0['eval_set_id']).toBe('hello_eval_set');
    expect((result0['eval_case_results'] as unknown[]).length).toBe(2);
  });

  it('runs the selected cases of an eval set id; a failing case makes the exit code 1', async () => {
    const selected = await runCli(['eval', 'hello_eval', 'hello_eval_set:roll_and_check'], {
      cwd,
    });
    expect(selected.code).toBe(0);
    expect(selected.stdout).toBe(
      "Using evaluation criteria: criteria={'tool_trajectory_avg_score': 1.0, 'response_match_score': 0.8} custom_metrics=None user_simulator_config=None\n" +
        `${'*'.repeat(69)}\nEval Run Summary\nhello_eval_set:\n  Tests passed: 1\n  Tests failed: 0\n`,
    );

    const evalSet = JSON.parse(
      await readFile(path.join(appDir, 'hello_eval_set.evalset.json'), 'utf8'),
    ) as { eval_cases: { conversation: { final_response: { parts: { text: string }[] } }[] }[] };
    const first = evalSet.eval_cases[0]?.conversation[0];
    if (first) first.final_response.parts = [{ text: 'Nothing at all, sorry.' }];
    await writeFile(path.join(cwd, 'wrong.evalset.json'), JSON.stringify(evalSet));
    const failing = await runCli(['eval', 'hello_eval', 'wrong.evalset.json:what_can_you_do'], {
      cwd,
    });
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain('hello_eval_set:\n  Tests passed: 0\n  Tests failed: 1\n');
  });

  it('refuses gs:// storage naming GCS, and an eval set file that is not there', async () => {
    const gcs = await runCli(
      ['eval', 'hello_eval', 'hello_eval_set', '--eval_storage_uri', 'gs://my-bucket'],
      { cwd },
    );
    expect(gcs.code).toBe(1);
    expect(gcs.stderr).toContain('Google Cloud Storage (GCS)');
    const other = await runCli(
      ['eval', 'hello_eval', 'hello_eval_set', '--eval_storage_uri', 's3://bucket'],
      { cwd },
    );
    expect(other.code).toBe(1);
    expect(other.stderr).toContain("the scheme 's3://'");
    const missing = await runCli(
      ['eval', 'hello_eval', 'hello_eval/hello_eval_set.evalset.json', 'missing.evalset.json'],
      { cwd },
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('Error: `missing.evalset.json` should be a valid eval set file.\n');
  });
});
