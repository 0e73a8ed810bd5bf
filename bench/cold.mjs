// Cold import time of each package's entry: a fresh
// `node --input-type=module -e "await import(<entry>)"` per measurement, one
// warm-up round (file-system cache) then ROUNDS rounds, the order rotating
// every round. Prints one JSON line per measurement.
//   node cold.mjs [rounds]
import { spawnSync } from 'node:child_process';
import { URL, fileURLToPath, pathToFileURL } from 'node:url';

const rounds = Number(process.argv[2] ?? 10);
const here = fileURLToPath(new URL('.', import.meta.url));
export const ENTRIES = {
  'node alone': null,
  // ADK_TS_DIST=<dir>: another build of this package (see llm-frameworks.mjs).
  'adk-ts': process.env.ADK_TS_DIST
    ? pathToFileURL(`${process.env.ADK_TS_DIST}/index.js`).href
    : new URL('../dist/index.js', import.meta.url).href,
  'google-adk': '@google/adk',
};

function importMs(entry) {
  const code = entry === null ? '0' : `await import(${JSON.stringify(entry)})`;
  const start = performance.now();
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    cwd: here,
    encoding: 'utf8',
  });
  const ms = performance.now() - start;
  if (child.status !== 0) throw new Error(`import of ${entry} failed: ${child.stderr}`);
  return ms;
}

const names = Object.keys(ENTRIES);
for (const name of names) importMs(ENTRIES[name]);
for (let round = 0; round < rounds; round++) {
  for (let index = 0; index < names.length; index++) {
    const name = names[(index + round) % names.length];
    console.log(
      JSON.stringify({ framework: name, scenario: 'cold', importMs: importMs(ENTRIES[name]) }),
    );
  }
}
