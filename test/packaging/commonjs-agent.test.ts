import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layOutPackage } from './transpile-package.js';

/*
 * Issue 15 §6: an agent.ts under a `"type": "commonjs"` package (what
 * `npm init -y` writes) is compiled to CommonJS; its require() of the
 * package fails in Node with "Cannot require() ES Module … in a cycle". The
 * installed `adk` says what to change, as it does when such a module
 * exports a second copy's agent. The package is installed under
 * node_modules of the project folder and its own CLI runs the app.
 */

let project: string;
let cli: string;

beforeAll(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'adk-commonjs-'));
  const installed = path.join(project, 'node_modules', '@adk-ts', 'adk');
  await mkdir(installed, { recursive: true });
  await layOutPackage(installed);
  cli = path.join(installed, 'dist', 'cli', 'main.js');
  await writeFile(path.join(project, 'package.json'), '{\n  "type": "commonjs"\n}\n');
  await mkdir(path.join(project, 'my_app'));
  await writeFile(
    path.join(project, 'my_app', 'agent.ts'),
    `import { LlmAgent } from '@adk-ts/adk';

export const rootAgent = new LlmAgent({ name: 'assistant', model: 'gemini-2.5-flash', instruction: 'Help.' });
`,
  );
});

afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

describe('an agent.ts in a CommonJS package', () => {
  it('fails to load with the hint to make it an ES module', async () => {
    const failure = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [cli, 'run', 'my_app', 'hi', '--in_memory'],
        { cwd: project, env: { ...process.env, ADK_DISABLE_LOAD_DOTENV: '1' } },
        (error, _stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stderr }),
      );
    });
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain(
      `Error: Cannot import ${path.join(project, 'my_app', 'agent.ts')}: Cannot require() ES Module`,
    );
    expect(failure.stderr).toContain(
      'agent.ts is loaded as CommonJS (no package.json above it says "type": "module"), but ' +
        'agent modules must be ES modules: add "type": "module" to the nearest package.json, ' +
        'or rename the file agent.mts.',
    );
  });
});
