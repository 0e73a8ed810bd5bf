import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EvalNotFoundError } from '../errors/eval-not-found-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { runEvalSetsManagerSuite, sampleEvalCase } from '../testing/eval-sets-manager-suite.js';
import { evalSetToPythonJsonText } from './eval-set.js';
import {
  LocalEvalSetsManager,
  loadEvalSetFromFile,
  loadEvalSetFromTestFile,
} from './local-eval-sets-manager.js';

const dirs: string[] = [];
async function tempAgentsDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'eval-sets-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

runEvalSetsManagerSuite(
  'LocalEvalSetsManager',
  async () => new LocalEvalSetsManager(await tempAgentsDir()),
);

const EXAMPLE_DIR = new URL('../../examples/agents/', import.meta.url).pathname;

describe('LocalEvalSetsManager files', () => {
  it('writes <agents>/<app>/<id>.evalset.json as Python writes it', async () => {
    const agentsDir = await tempAgentsDir();
    const manager = new LocalEvalSetsManager(agentsDir);
    await manager.createEvalSet({ appName: 'app', evalSetId: 'set_1' });
    await manager.addEvalCase({
      appName: 'app',
      evalSetId: 'set_1',
      evalCase: sampleEvalCase('one'),
    });
    const text = await readFile(path.join(agentsDir, 'app', 'set_1.evalset.json'), 'utf8');
    const evalSet = await manager.getEvalSet({ appName: 'app', evalSetId: 'set_1' });
    expect(evalSet).toBeDefined();
    expect(text).toBe(evalSetToPythonJsonText(evalSet ?? { evalSetId: '', evalCases: [] }));
    const json = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['eval_set_id', 'name', 'eval_cases', 'creation_timestamp']);
    expect((json['eval_cases'] as unknown[])[0]).toEqual({
      eval_id: 'one',
      conversation: [
        {
          invocation_id: 'e-one',
          user_content: { role: 'user', parts: [{ text: 'hello' }] },
          final_response: { role: 'model', parts: [{ text: 'answer to hello' }] },
          creation_timestamp: 1_700_000_000.5,
        },
      ],
      session_input: { app_name: 'app', user_id: 'user', state: { snake_key: 1 } },
      creation_timestamp: 1_700_000_000.25,
    });
  });

  it('reads the example app’s eval set', async () => {
    const manager = new LocalEvalSetsManager(EXAMPLE_DIR);
    expect(await manager.listEvalSets({ appName: 'hello_eval' })).toEqual(['hello_eval_set']);
    const evalCase = await manager.getEvalCase({
      appName: 'hello_eval',
      evalSetId: 'hello_eval_set',
      evalCaseId: 'roll_and_check',
    });
    expect(evalCase?.conversation).toHaveLength(2);
  });

  it('reads a file Python wrote with nulls, and one in the older format', async () => {
    const agentsDir = await tempAgentsDir();
    await mkdir(path.join(agentsDir, 'app'));
    await writeFile(
      path.join(agentsDir, 'app', 'old_python.evalset.json'),
      '{\n  "eval_set_id": "old_python",\n  "name": "old_python",\n  "description": null,\n  "eval_cases": [],\n  "creation_timestamp": 1754018129.043422\n}',
    );
    await writeFile(
      path.join(agentsDir, 'app', 'legacy.evalset.json'),
      JSON.stringify([
        {
          name: 'roll',
          data: [
            {
              query: 'Roll a 6-sided die.',
              expected_tool_use: [{ tool_name: 'roll_die', tool_input: { sides: 6 } }],
              reference: '6',
            },
          ],
          initial_session: { app_name: 'app', user_id: 'u', state: { k: 1 } },
        },
      ]),
    );
    const manager = new LocalEvalSetsManager(agentsDir);
    expect(await manager.getEvalSet({ appName: 'app', evalSetId: 'old_python' })).toEqual({
      evalSetId: 'old_python',
      name: 'old_python',
      evalCases: [],
      creationTimestamp: 1754018129.043422,
    });
    const legacy = await manager.getEvalSet({ appName: 'app', evalSetId: 'legacy' });
    expect(legacy).toMatchObject({ evalSetId: 'legacy', name: 'legacy' });
    expect(legacy?.evalCases[0]).toMatchObject({
      evalId: 'roll',
      sessionInput: { appName: 'app', userId: 'u', state: { k: 1 } },
      conversation: [
        { intermediateData: { toolUses: [{ name: 'roll_die', args: { sides: 6 } }] } },
      ],
    });

    // A change rewrites an older-format file in the current format.
    await manager.addEvalCase({
      appName: 'app',
      evalSetId: 'legacy',
      evalCase: sampleEvalCase('new'),
    });
    const rewritten = JSON.parse(
      await readFile(path.join(agentsDir, 'app', 'legacy.evalset.json'), 'utf8'),
    ) as { eval_set_id: string; eval_cases: { eval_id: string }[] };
    expect(rewritten.eval_set_id).toBe('legacy');
    expect(rewritten.eval_cases.map((evalCase) => evalCase.eval_id)).toEqual(['roll', 'new']);
  });

  it('refuses a file that is neither an eval set nor older eval data', async () => {
    const agentsDir = await tempAgentsDir();
    await mkdir(path.join(agentsDir, 'app'));
    await writeFile(path.join(agentsDir, 'app', 'bad.evalset.json'), '[{"nom": 1}]');
    await writeFile(path.join(agentsDir, 'app', 'broken.evalset.json'), '{"eval_set_id": ');
    const manager = new LocalEvalSetsManager(agentsDir);
    for (const evalSetId of ['bad', 'broken']) {
      await expect(manager.getEvalSet({ appName: 'app', evalSetId })).rejects.toSatisfy(
        InvalidArgumentError.isInstance,
      );
    }
  });

  it('moves an updated case to the end, as Python’s file store does', async () => {
    const manager = new LocalEvalSetsManager(await tempAgentsDir());
    const ids = { appName: 'app', evalSetId: 'order' };
    await manager.createEvalSet(ids);
    await manager.addEvalCase({ ...ids, evalCase: sampleEvalCase('one') });
    await manager.addEvalCase({ ...ids, evalCase: sampleEvalCase('two') });
    await manager.updateEvalCase({ ...ids, evalCase: sampleEvalCase('one', 'again') });
    expect((await manager.getEvalSet(ids))?.evalCases.map((c) => c.evalId)).toEqual(['two', 'one']);
  });

  it('applies concurrent changes one after another', async () => {
    const manager = new LocalEvalSetsManager(await tempAgentsDir());
    const ids = { appName: 'app', evalSetId: 'busy' };
    await manager.createEvalSet(ids);
    const names = Array.from({ length: 8 }, (_, index) => `case_${String(index)}`);
    await Promise.all(
      names.map((name) => manager.addEvalCase({ ...ids, evalCase: sampleEvalCase(name) })),
    );
    expect((await manager.getEvalSet(ids))?.evalCases.map((c) => c.evalId).sort()).toEqual(names);
  });

  it('reports an app without a folder as EvalNotFoundError (kind app)', async () => {
    const manager = new LocalEvalSetsManager(await tempAgentsDir());
    const error = await manager
      .listEvalSets({ appName: 'nowhere' })
      .catch((caught: unknown) => caught);
    expect(EvalNotFoundError.isInstance(error) && error.kind).toBe('app');
  });

  it('names a loaded file’s set after the file', async () => {
    const file = new URL(
      '../../examples/agents/hello_eval/hello_eval_set.evalset.json',
      import.meta.url,
    ).pathname;
    expect((await loadEvalSetFromFile(file)).evalCases).toHaveLength(2);
    const agentsDir = await tempAgentsDir();
    const legacy = path.join(agentsDir, 'my_cases.evalset.json');
    await writeFile(legacy, JSON.stringify([{ name: 'c', data: [{ query: 'q' }] }]));
    expect((await loadEvalSetFromFile(legacy)).evalSetId).toBe('my_cases');
  });

  it('reads the example’s older-format test file as one case named after it', async () => {
    const file = new URL('../../examples/agents/hello_eval/roll_die.test.json', import.meta.url)
      .pathname;
    const evalSet = await loadEvalSetFromTestFile(file, { app_name: 'hello_eval', user_id: 'u' });
    expect(evalSet.evalSetId).toMatch(/^[0-9a-f-]{36}$/);
    expect(evalSet.evalCases).toHaveLength(1);
    expect(evalSet.evalCases[0]).toMatchObject({
      evalId: file,
      sessionInput: { appName: 'hello_eval', userId: 'u', state: {} },
    });
    expect(evalSet.evalCases[0]?.conversation?.map((turn) => turn.finalResponse)).toEqual([
      {
        parts: [
          { text: 'I can roll dice with any number of sides and check whether numbers are prime.' },
        ],
        role: 'model',
      },
      { parts: [{ text: 'No prime numbers found.' }], role: 'model' },
    ]);
    const evalSetFile = new URL(
      '../../examples/agents/hello_eval/hello_eval_set.evalset.json',
      import.meta.url,
    ).pathname;
    expect((await loadEvalSetFromTestFile(evalSetFile)).evalSetId).toBe('hello_eval_set');
    await expect(loadEvalSetFromTestFile(evalSetFile, { state: { a: 1 } })).rejects.toThrow(
      /Initial session should be specified as a part of EvalSet file/,
    );
  });
});
