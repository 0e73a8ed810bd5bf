import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layOutPackage } from './transpile-package.js';

/*
 * Decision 0029: `npm run build` bundles dist/ per entry point
 * (scripts/bundle-dist.ts). The package is laid out as npm installs it, then
 * bundled as the build does, and a consumer uses every entry: one copy of
 * each class across entries, a run, the server, the lazily loaded YAML
 * loader and YAML OpenAPI spec, and require() of the bundle.
 */

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let consumer: string;
let installed: string;

beforeAll(async () => {
  consumer = await mkdtemp(path.join(tmpdir(), 'adk-bundled-'));
  installed = path.join(consumer, 'node_modules', '@adk-ts', 'adk');
  await mkdir(installed, { recursive: true });
  await layOutPackage(installed);
  await run(
    process.execPath,
    ['--import', 'tsx', 'scripts/bundle-dist.ts', path.join(installed, 'dist')],
    { cwd: root },
  );
}, 60_000);

afterAll(async () => {
  await rm(consumer, { recursive: true, force: true });
});

describe('the bundled dist/', () => {
  it('puts shared modules in chunks one level under dist/', async () => {
    const chunks = await readdir(path.join(installed, 'dist', 'chunks'));
    expect(chunks.length).toBeGreaterThan(0);
  });

  it('serves every entry with one copy of each class', async () => {
    await writeFile(
      path.join(consumer, 'consumer.mjs'),
      `import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BaseAgent, FunctionTool, InMemoryRunner, InMemorySessionService, LlmAgent, OpenAPIToolset, loadAgentFromYamlFile } from '@adk-ts/adk';
import { createApiServer } from '@adk-ts/adk/server';
import { ScriptedAgent, ScriptedLlm, functionCallResponse, textResponse } from '@adk-ts/adk/testing';

const model = new ScriptedLlm({ responses: [functionCallResponse('add', { a: 1, b: 2 }), textResponse('three')] });
const add = new FunctionTool({
  name: 'add',
  description: 'Adds.',
  parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
  execute: ({ a, b }) => ({ sum: a + b }),
});
const agent = new LlmAgent({ name: 'assistant', model, tools: [add] });
const runner = new InMemoryRunner({ agent, appName: 'app' });
const session = await runner.sessionService.createSession({ appName: 'app', userId: 'u' });
const texts = [];
for await (const event of runner.runAsync({ userId: 'u', sessionId: session.id, newMessage: { role: 'user', parts: [{ text: 'hi' }] } })) {
  for (const part of event.content?.parts ?? []) if (part.text) texts.push(part.text);
}
const dir = mkdtempSync(path.join(tmpdir(), 'yaml-'));
writeFileSync(path.join(dir, 'root_agent.yaml'), 'name: from_yaml\\nmodel: gemini-2.5-flash\\ninstruction: hi\\n');
const fromYaml = await loadAgentFromYamlFile(path.join(dir, 'root_agent.yaml'));
const openApi = new OpenAPIToolset({ specStr: 'openapi: 3.0.0\\npaths:\\n  /x:\\n    get:\\n      operationId: getX\\n', specStrType: 'yaml' });
const openApiTools = (await openApi.getTools()).map((tool) => tool.name);
const server = createApiServer({
  agentLoader: { listApps: async () => ['app'], loadApp: async () => agent },
  sessionService: new InMemorySessionService(),
});
const apps = await (await server.app.fetch(new Request('http://localhost/list-apps'))).json();
await server.close(10);
console.log(JSON.stringify({
  texts,
  scriptedIsBaseAgent: new ScriptedAgent({ name: 's' }) instanceof BaseAgent,
  yamlIsBaseAgent: fromYaml instanceof BaseAgent,
  openApiTools,
  apps,
}));
`,
    );
    const { stdout } = await run(process.execPath, ['consumer.mjs'], { cwd: consumer });
    expect(JSON.parse(stdout)).toEqual({
      texts: ['three'],
      scriptedIsBaseAgent: true,
      yamlIsBaseAgent: true,
      openApiTools: ['get_x'],
      apps: ['app'],
    });
  });

  it('loads with require() where Node can require ES modules', async () => {
    await writeFile(
      path.join(consumer, 'consumer.cjs'),
      `const { LlmAgent } = require('@adk-ts/adk');
const { ScriptedAgent } = require('@adk-ts/adk/testing');
console.log(JSON.stringify({
  requireModule: process.features.require_module === true,
  agent: new LlmAgent({ name: 'a', model: 'gemini-2.5-flash' }).name,
  scripted: typeof ScriptedAgent,
}));
`,
    );
    const { stdout } = await run(process.execPath, ['consumer.cjs'], { cwd: consumer });
    expect(JSON.parse(stdout)).toEqual({ requireModule: true, agent: 'a', scripted: 'function' });
  });
});
