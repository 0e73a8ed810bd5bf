// Instructions one scenario executes, counted by valgrind's callgrind, with
// node --single-threaded so that the optimising compiler and the garbage
// collector run on the counted thread, and split into what V8 spent them on.
// Counts move by well under 1% between runs, where wall time on a shared
// machine moves by 15%: the way to compare two builds.
//
//   node instructions.mjs [framework] [scenario] [build-dir]
//   node instructions.mjs adk-ts s1 ../.perf/a     (ADK_TS_DIST, see llm-frameworks.mjs)
//
// Needs valgrind (apt-get install valgrind). About a minute per scenario.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [framework = 'adk-ts', scenario = 's1', dist] = process.argv.slice(2);
const directory = mkdtempSync(join(tmpdir(), 'adk-instructions-'));
const output = join(directory, 'callgrind.out');

// Function-name patterns of V8's parts, first match wins.
const CATEGORIES = [
  [
    'optimising compiler (TurboFan)',
    /compiler::|turboshaft|RegisterAllocat|LinearScan|InstructionSelector|OptimizedCompilationJob|PipelineImpl|JSHeapBroker/,
  ],
  [
    'garbage collector',
    /Marking|MarkCompact|Sweep|Scaveng|Evacuat|RememberedSet|SlotSet|HeapObject::SizeFromMap|BodyDescriptor|GlobalHandles|FreeList|Heap::/,
  ],
  [
    'parser and bytecode compiler',
    /Scanner|Parser|Utf16CharacterStream|AstValue|BytecodeGenerator|interpreter::|BytecodeArrayBuilder|Scope::|Compiler::/,
  ],
  ['baseline compiler (Sparkplug)', /baseline::|Baseline/],
  ['builtins and inline caches', /Builtins_/],
  ['memory (libc)', /malloc|[^a-z]free|memcpy|memmove|memset|_int_/],
];

try {
  execFileSync(
    'valgrind',
    [
      '--tool=callgrind',
      `--callgrind-out-file=${output}`,
      '--dump-instr=no',
      '--collect-jumps=no',
      process.execPath,
      '--expose-gc',
      '--single-threaded',
      'llm-bench.mjs',
      framework,
      scenario,
    ],
    {
      stdio: ['ignore', 'ignore', 'ignore'],
      env: dist ? { ...process.env, ADK_TS_DIST: dist } : process.env,
    },
  );
  const annotated = execFileSync('callgrind_annotate', ['--threshold=100', output], {
    maxBuffer: 256 * 1024 * 1024,
  }).toString();
  let total = 0;
  const byCategory = new Map(CATEGORIES.map(([name]) => [name, 0]));
  byCategory.set('other (JIT code, runtime, startup)', 0);
  for (const line of annotated.split('\n')) {
    const match = /^\s*([\d,]+) \([\d. ]+%\)\s+(.*)$/.exec(line);
    if (!match) continue;
    const count = Number(match[1].replaceAll(',', ''));
    if (match[2].startsWith('PROGRAM TOTALS')) {
      total = count;
      continue;
    }
    const category = CATEGORIES.find(([, pattern]) => pattern.test(match[2]))?.[0];
    const key = category ?? 'other (JIT code, runtime, startup)';
    byCategory.set(key, byCategory.get(key) + count);
  }
  console.log(
    `${framework} ${scenario}${dist ? ` (${dist})` : ''}: ${(total / 1e9).toFixed(3)} G instructions`,
  );
  for (const [name, count] of byCategory) {
    console.log(
      `  ${(count / 1e9).toFixed(3).padStart(7)} G  ${((100 * count) / total).toFixed(1).padStart(5)}%  ${name}`,
    );
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}
