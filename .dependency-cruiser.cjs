// Layering of ARCHITECTURE.md §2, checked in CI (tests and their *-test-fixtures.ts helpers exempt). Arrows point one way:
// cli → conformance → server → {evaluation, a2a} → config → runner → workflow → agents → flows →
// {tools, plugins} → context → memory → {models, sessions, artifacts, telemetry} →
// events → auth (credential models) → {types, errors, utils}. Folders of one rank never import each other,
// except the leaves, which may use one another without cycles.
const ranks = [
  ['types', 'errors', 'utils'],
  ['auth'],
  ['events'],
  ['models', 'sessions', 'artifacts', 'telemetry'],
  ['memory'],
  ['context'],
  ['tools', 'plugins', 'planners', 'code-executors'],
  ['flows'],
  ['agents'],
  ['workflow'],
  ['runner'],
  ['config'],
  ['evaluation', 'a2a'],
  ['server'],
  ['conformance'],
  ['cli'],
];
const leaves = new Set(ranks[0]);

const forbidden = [
  {
    name: 'no-circular',
    severity: 'error',
    comment:
      'Runtime import cycles. Type-only cycles (a contract naming its counterpart) erase at build time.',
    from: {},
    to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
  },
  {
    name: 'testing-is-not-a-dependency',
    comment: 'Only tests, examples and benchmarks may import src/testing.',
    severity: 'error',
    from: {
      path: '^src/',
      pathNot: ['^src/testing/', '\\.test\\.ts$', '-test-fixtures\\.ts$', '^src/index\\.ts$'],
    },
    to: { path: '^src/testing/' },
  },
  {
    name: 'no-web-framework-below-server',
    severity: 'error',
    from: { path: '^src/', pathNot: ['^src/(server|cli)/'] },
    to: { path: '(^|/)node_modules/(hono|@hono)/|^(node:)?http$' },
  },
  {
    name: 'public-lists-are-for-the-entry',
    comment:
      "A folder index is the folder's public list, read by src/index.ts only; code inside the package imports the defining files. (types/index.ts defines the message model itself, so it is imported as a defining file.)",
    severity: 'error',
    from: { path: '^src/', pathNot: ['^src/index\\.ts$'] },
    to: {
      path: '^src/(agents|artifacts|auth|code-executors|config|context|errors|evaluation|events|flows|memory|models|planners|plugins|runner|sessions|telemetry|tools|utils|workflow)/index\\.ts$',
    },
  },
];

ranks.forEach((group, rank) => {
  for (const folder of group) {
    const above = ranks
      .slice(rank)
      .flat()
      .filter((other) => other !== folder && !(leaves.has(folder) && leaves.has(other)));
    if (above.length === 0) continue;
    forbidden.push({
      name: `layering-${folder}`,
      comment: `${folder}/ may only import folders below it.`,
      severity: 'error',
      from: { path: `^src/${folder}/`, pathNot: ['\\.test\\.ts$', '-test-fixtures\\.ts$'] },
      to: { path: `^src/(${above.join('|')})/` },
    });
  }
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden,
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '^dist/' },
  },
};
