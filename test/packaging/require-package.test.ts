import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layOutPackage } from './transpile-package.js';

/*
 * Issue 15 §6: `require('@adk-ts/adk')` works where Node can require ES
 * modules (unflagged since Node 20.19 and 22.12), as `require('@google/adk')`
 * does: the exports map has a `default` condition besides `import`. The
 * package is laid out as npm installs it, under node_modules of a consumer
 * folder, and a CommonJS file requires every entry point.
 */

const run = promisify(execFile);
let consumer: string;

beforeAll(async () => {
  consumer = await mkdtemp(path.join(tmpdir(), 'adk-require-'));
  const installed = path.join(consumer, 'node_modules', '@adk-ts', 'adk');
  await mkdir(installed, { recursive: true });
  await layOutPackage(installed);
  await writeFile(path.join(consumer, 'package.json'), '{"type":"commonjs"}\n');
});

afterAll(async () => {
  await rm(consumer, { recursive: true, force: true });
});

describe('the package from CommonJS', () => {
  it('require() loads every entry point', async () => {
    await writeFile(
      path.join(consumer, 'consumer.js'),
      `const loaded = {};
for (const name of ['@adk-ts/adk', '@adk-ts/adk/server', '@adk-ts/adk/testing', '@adk-ts/adk/testing/suites']) {
  try {
    loaded[name] = Object.keys(require(name)).length > 0;
  } catch (error) {
    loaded[name] = error.code;
  }
}
const { LlmAgent, InMemoryRunner } = require('@adk-ts/adk');
const runner = new InMemoryRunner({ agent: new LlmAgent({ name: 'a', model: 'gemini-2.5-flash' }), appName: 'app' });
console.log(JSON.stringify({ loaded, appName: runner.appName, requireModule: process.features.require_module === true }));
`,
    );
    const { stdout } = await run(process.execPath, ['consumer.js'], { cwd: consumer });
    const report = JSON.parse(stdout) as {
      loaded: Record<string, unknown>;
      appName: string;
      requireModule: boolean;
    };
    // This test needs a Node that can require ES modules, as the package documents.
    expect(report.requireModule).toBe(true);
    expect(report.loaded).toEqual({
      '@adk-ts/adk': true,
      '@adk-ts/adk/server': true,
      '@adk-ts/adk/testing': true,
      '@adk-ts/adk/testing/suites': true,
    });
    expect(report.appName).toBe('app');
  });

  it('import still loads the same entry points', async () => {
    await writeFile(
      path.join(consumer, 'consumer.mjs'),
      `const { LlmAgent } = await import('@adk-ts/adk');
const { createApiServer } = await import('@adk-ts/adk/server');
console.log(JSON.stringify([typeof LlmAgent, typeof createApiServer]));
`,
    );
    const { stdout } = await run(process.execPath, ['consumer.mjs'], { cwd: consumer });
    expect(JSON.parse(stdout)).toEqual(['function', 'function']);
  });
});
