import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { ECHO_MODEL_SOURCE, echoAgentSource, runCli } from '../../test/cli/cli-process.js';

const packageJsonOfThisPackage = fileURLToPath(new URL('../../package.json', import.meta.url));

/*
 * Issue 6 part 2, `adk create` (Python cli_create.py): scaffolds an app that
 * `adk run` can run; non-interactive when stdin is not a terminal.
 */

let cwd: string;

beforeEach(async () => {
  cwd = await mkdtemp(path.join(tmpdir(), 'adk-create-'));
});

afterEach(async () => {
  await rm(cwd, { recursive: true, force: true });
});

describe('adk create APP', () => {
  it('writes agent.ts, .env with the key, .gitignore, package.json and tsconfig.json; adk run then answers', async () => {
    const created = await runCli(
      ['create', 'my_app', '--model', 'gemini-2.5-flash', '--api_key', 'secret-key'],
      { cwd },
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const appDir = path.join(cwd, 'my_app');
    expect(created.stdout).toBe(
      `\nAgent created in ${appDir}:\n- .env\n- .gitignore\n- agent.ts\n- package.json\n- tsconfig.json\n\n` +
        'WARNING: Secrets (like API keys) are stored in .env.\n' +
        'Install @adk-ts/adk there (editors then find its types) and run the agent with it: ' +
        `cd ${appDir} && npm install && npx adk run .\n`,
    );
    expect((await readdir(appDir)).sort()).toEqual([
      '.env',
      '.gitignore',
      'agent.ts',
      'package.json',
      'tsconfig.json',
    ]);
    expect(await readFile(path.join(appDir, '.env'), 'utf8')).toBe(
      'GOOGLE_GENAI_USE_VERTEXAI=0\nGOOGLE_API_KEY=secret-key\n',
    );
    expect(await readFile(path.join(appDir, '.gitignore'), 'utf8')).toBe('.env\n.adk/\n');
    // One quote style, the project's: single quotes.
    expect(await readFile(path.join(appDir, 'agent.ts'), 'utf8')).toBe(
      `import { LlmAgent } from '@adk-ts/adk';

export const rootAgent = new LlmAgent({
  model: 'gemini-2.5-flash',
  name: 'root_agent',
  description: 'A helpful assistant for user questions.',
  instruction: 'Answer user questions to the best of your knowledge',
});
`,
    );
    // The package as a dependency (this version), so that npm install gives editors its types.
    const { version } = JSON.parse(await readFile(packageJsonOfThisPackage, 'utf8')) as {
      version: string;
    };
    expect(JSON.parse(await readFile(path.join(appDir, 'package.json'), 'utf8'))).toEqual({
      name: 'my_app',
      private: true,
      type: 'module',
      dependencies: { '@adk-ts/adk': `^${version}` },
    });
    expect(JSON.parse(await readFile(path.join(appDir, 'tsconfig.json'), 'utf8'))).toEqual({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2023', 'DOM'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
      },
    });

    // The scaffold's model needs the network; swap in the deterministic one.
    await writeFile(path.join(appDir, 'echo_model.ts'), ECHO_MODEL_SOURCE);
    await writeFile(
      path.join(appDir, 'agent.ts'),
      echoAgentSource('root_agent', './echo_model.js'),
    );
    const run = await runCli(['run', 'my_app', 'is it working?', '--in_memory'], { cwd });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('[root_agent]: (streamed) echo: is it working?\n');
  });

  it('without a key writes no .env and no secrets warning, and says where the key goes', async () => {
    const created = await runCli(['create', 'keyless', '--model', 'claude-sonnet-4-5'], { cwd });
    expect(created.code).toBe(0);
    const appDir = path.join(cwd, 'keyless');
    expect((await readdir(appDir)).sort()).toEqual([
      '.gitignore',
      'agent.ts',
      'package.json',
      'tsconfig.json',
    ]);
    expect(created.stdout).not.toContain('WARNING');
    expect(created.stdout).toContain(
      `No API key given: set ANTHROPIC_API_KEY in the environment or in ${path.join(appDir, '.env')}.\n`,
    );
    // .env stays ignored for when the key is added.
    expect(await readFile(path.join(appDir, '.gitignore'), 'utf8')).toBe('.env\n.adk/\n');
  });

  it('inside an ES module package with a tsconfig.json writes neither file again', async () => {
    await writeFile(path.join(cwd, 'package.json'), '{"type":"module"}\n');
    await writeFile(path.join(cwd, 'tsconfig.json'), '{}\n');
    const created = await runCli(['create', 'inner', '--model', 'gemini-2.5-flash'], { cwd });
    expect(created.code).toBe(0);
    expect((await readdir(path.join(cwd, 'inner'))).sort()).toEqual(['.gitignore', 'agent.ts']);
    expect(created.stdout).not.toContain('npm install');
  });

  it('--type config writes root_agent.yaml; Vertex AI settings go to .env', async () => {
    const created = await runCli(
      [
        'create',
        'yaml_app',
        '--type',
        'config',
        '--model',
        'gemini-2.5-flash',
        '--project',
        'p1',
        '--region',
        'europe-west4',
      ],
      { cwd },
    );
    expect(created.code).toBe(0);
    const appDir = path.join(cwd, 'yaml_app');
    expect((await readdir(appDir)).sort()).toEqual(['.env', '.gitignore', 'root_agent.yaml']);
    expect(await readFile(path.join(appDir, 'root_agent.yaml'), 'utf8')).toContain(
      'name: root_agent\ndescription: A helpful assistant for user questions.\n',
    );
    expect(await readFile(path.join(appDir, '.env'), 'utf8')).toBe(
      'GOOGLE_GENAI_USE_VERTEXAI=1\nGOOGLE_CLOUD_PROJECT=p1\nGOOGLE_CLOUD_LOCATION=europe-west4\n',
    );
  });

  it('refuses an invalid app name and a non-empty folder without writing anything', async () => {
    const invalid = await runCli(['create', 'bad-name', '--model', 'm'], { cwd });
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('Invalid app name "bad-name"');
    await mkdir(path.join(cwd, 'taken'));
    await writeFile(path.join(cwd, 'taken', 'notes.txt'), 'mine');
    const taken = await runCli(['create', 'taken', '--model', 'm'], { cwd });
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('the folder exists and is not empty');
    expect(await readdir(cwd)).toEqual(['taken']);
    expect(await readdir(path.join(cwd, 'taken'))).toEqual(['notes.txt']);
  });
});
