import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../test/cli/cli-process.js';
import { scenarioEvalId } from './eval-set-command.js';

/*
 * `adk eval_set create` and `adk eval_set add_eval_case` (adk-python
 * cli_tools_click.py), run as a process on an app folder of a temp agents
 * directory.
 */

let cwd: string;
let appDir: string;

beforeEach(async () => {
  cwd = await mkdtemp(path.join(tmpdir(), 'adk-eval-set-'));
  appDir = path.join(cwd, 'dice');
  await mkdir(appDir);
});

afterEach(async () => {
  await rm(cwd, { recursive: true, force: true });
});

describe('scenarioEvalId', () => {
  it('is the id Python computes (sha256 of json.dumps(model_dump(), sort_keys=True))[:8]', () => {
    // Both ids were computed with CPython's json and hashlib.
    expect(
      scenarioEvalId({
        startingPrompt: 'Roll a die for me.',
        conversationPlan: 'Ask for a 6-sided die roll, then ask whether the result is prime.',
      }),
    ).toBe('2d120038');
    expect(scenarioEvalId({ startingPrompt: 'Héllo', conversationPlan: 'x' })).toBe('8d413f26');
  });
});

describe('adk eval_set', () => {
  it('create writes an empty eval set in Python’s format; a taken or invalid id fails', async () => {
    const created = await runCli(['eval_set', 'create', 'dice', 'smoke'], { cwd });
    expect(created.stderr).toBe('');
    expect(created.stdout).toBe("Eval set 'smoke' created for app 'dice'.\n");
    expect(created.code).toBe(0);
    const file = JSON.parse(
      await readFile(path.join(appDir, 'smoke.evalset.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(file).toEqual({
      eval_set_id: 'smoke',
      name: 'smoke',
      eval_cases: [],
      creation_timestamp: expect.any(Number) as number,
    });

    const again = await runCli(['eval_set', 'create', 'dice', 'smoke'], { cwd });
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('Error: EvalSet smoke already exists for app dice.\n');
    const invalid = await runCli(['eval_set', 'create', 'dice', 'bad-id'], { cwd });
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(/^Error: Invalid Eval Set ID/);
    const gcs = await runCli(
      ['eval_set', 'create', 'dice', 'other', '--eval_storage_uri', 'gs://bucket'],
      { cwd },
    );
    expect(gcs.code).toBe(1);
    expect(gcs.stderr).toContain('Google Cloud Storage (GCS)');
  });

  it('add_eval_case adds one case per scenario with the session input, skipping known ids', async () => {
    await runCli(['eval_set', 'create', 'dice', 'sim'], { cwd });
    await writeFile(
      path.join(cwd, 'scenarios.json'),
      JSON.stringify({
        scenarios: [
          {
            starting_prompt: 'Roll a die for me.',
            conversation_plan: 'Ask for a 6-sided die roll, then ask whether the result is prime.',
          },
          { startingPrompt: 'Héllo', conversationPlan: 'x' },
        ],
      }),
    );
    await writeFile(
      path.join(cwd, 'session_input.json'),
      JSON.stringify({ app_name: 'dice', user_id: 'tester', state: { mood: 'curious' } }),
    );
    const args = [
      'eval_set',
      'add_eval_case',
      'dice',
      'sim',
      '--scenarios_file',
      'scenarios.json',
      '--session_input_file',
      'session_input.json',
    ];
    const added = await runCli(args, { cwd });
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toBe(
      "Eval case '2d120038' added to eval set 'sim'.\nEval case '8d413f26' added to eval set 'sim'.\n",
    );
    const file = JSON.parse(await readFile(path.join(appDir, 'sim.evalset.json'), 'utf8')) as {
      eval_cases: Record<string, unknown>[];
    };
    expect(file.eval_cases[0]).toEqual({
      eval_id: '2d120038',
      conversation_scenario: {
        starting_prompt: 'Roll a die for me.',
        conversation_plan: 'Ask for a 6-sided die roll, then ask whether the result is prime.',
      },
      session_input: { app_name: 'dice', user_id: 'tester', state: { mood: 'curious' } },
      creation_timestamp: expect.any(Number) as number,
    });

    const twice = await runCli(args, { cwd });
    expect(twice.code).toBe(0);
    expect(twice.stdout).toBe(
      "Eval case '2d120038' already exists in eval set 'sim', skipped adding.\n" +
        "Eval case '8d413f26' already exists in eval set 'sim', skipped adding.\n",
    );
    const missingSet = await runCli([...args.slice(0, 3), 'ghost', ...args.slice(4)], { cwd });
    expect(missingSet.code).toBe(1);
    expect(missingSet.stderr).toContain('ghost');
  });
});
