import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Issue 15 §5: the SQL services name every missing optional package at once,
 * with one install command. A child process runs the real services with the
 * packages made unresolvable by a Node resolve hook, as when they are not
 * installed.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const hide = pathToFileURL(path.join(root, 'test/sessions/hide-packages.mjs')).href;
const script = path.join(root, 'test/sessions/missing-packages-process.ts');

interface Attempt {
  readonly feature: string;
  readonly uri: string;
  readonly ok?: boolean;
  readonly name?: string;
  readonly message?: string;
  readonly packageNames?: string[];
}

function runHidden(hidden: readonly string[], uris: readonly string[]): Promise<Attempt[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', tsx, '--import', hide, script, ...uris], {
      cwd: root,
      env: { ...process.env, ADK_TEST_HIDDEN_PACKAGES: hidden.join(',') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`exit ${String(code)}: ${stderr}`));
      else
        resolve(
          stdout
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line) as Attempt),
        );
    });
  });
}

// No connection is made before the packages load: these servers need not exist.
const SQLITE = 'sqlite://:memory:';
const POSTGRES = 'postgresql://postgres@127.0.0.1:1/none';
const MYSQL = 'mysql://root@127.0.0.1:1/none';

describe('missing optional database packages (MissingDependencyError)', () => {
  it('names kysely and the driver together, with one npm install command', async () => {
    const attempts = await runHidden(
      ['kysely', 'better-sqlite3', 'pg', 'mysql2'],
      [SQLITE, POSTGRES, MYSQL],
    );
    const expected = (feature: string, uri: string, driver: string): Attempt => ({
      feature,
      uri,
      name: 'MissingDependencyError',
      message: `${feature} needs the optional packages kysely and ${driver}: npm install kysely ${driver}`,
      packageNames: ['kysely', driver],
    });
    expect(attempts).toEqual([
      expected('DatabaseSessionService', SQLITE, 'better-sqlite3'),
      expected('DatabaseMemoryService', SQLITE, 'better-sqlite3'),
      expected('DatabaseSessionService', POSTGRES, 'pg'),
      expected('DatabaseMemoryService', POSTGRES, 'pg'),
      expected('DatabaseSessionService', MYSQL, 'mysql2'),
      expected('DatabaseMemoryService', MYSQL, 'mysql2'),
    ]);
  });

  it('names only what is missing', async () => {
    const attempts = await runHidden(['better-sqlite3'], [SQLITE]);
    expect(attempts[0]).toEqual({
      feature: 'DatabaseSessionService',
      uri: SQLITE,
      name: 'MissingDependencyError',
      message:
        'DatabaseSessionService needs the optional package better-sqlite3: npm install better-sqlite3',
      packageNames: ['better-sqlite3'],
    });
  });
});
