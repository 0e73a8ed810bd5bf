import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { createApiServer, type ApiServer } from './create-api-server.js';
import { StaticAgentLoader } from './static-agent-loader.js';

/*
 * adk-python's agent builder routes (`/dev/apps/{app}/builder…`), which
 * adk-web calls for every app it opens, over a real agents directory: YAML
 * drafts under `<app>/tmp/<app>/`, saved into the app or cancelled, with
 * Python's checks (YAML only, no path leaving the app, no `args`, no code
 * reference outside the app).
 */

const ROOT_YAML = 'name: my_app\nmodel: gemini-2.5-flash\ninstruction: Be brief.\n';
const scratch: string[] = [];
let agentsDir: string;
let outside: string;
let api: ApiServer;

function server(agentsDirectory: string | undefined): ApiServer {
  return createApiServer({
    agentLoader: new StaticAgentLoader({ apps: {} }),
    sessionService: new InMemorySessionService(),
    dev: agentsDirectory === undefined ? {} : { agentsDirectory },
  });
}

beforeEach(async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'adk-builder-'));
  scratch.push(root);
  agentsDir = path.join(root, 'agents');
  outside = path.join(root, 'outside');
  await mkdir(path.join(agentsDir, 'my_app'), { recursive: true });
  await mkdir(path.join(agentsDir, 'ts_app'), { recursive: true });
  await mkdir(outside, { recursive: true });
  await writeFile(path.join(agentsDir, 'my_app', 'root_agent.yaml'), ROOT_YAML);
  await writeFile(path.join(agentsDir, 'ts_app', 'agent.ts'), 'export const rootAgent = 1;\n');
  await writeFile(path.join(outside, 'secret.yaml'), 'secret: true\n');
  api = server(agentsDir);
});

afterAll(async () => {
  for (const folder of scratch) await rm(folder, { recursive: true, force: true });
});

function get(target: string): Promise<Response> {
  return Promise.resolve(api.app.request(target));
}

function save(
  appName: string,
  files: Record<string, string>,
  query = '',
  headers: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  for (const [name, text] of Object.entries(files)) {
    form.append('files', new File([text], name, { type: 'application/x-yaml' }));
  }
  return Promise.resolve(
    api.app.request(`/dev/apps/${appName}/builder/save${query}`, {
      method: 'POST',
      body: form,
      headers,
    }),
  );
}

async function detail(response: Response): Promise<string> {
  return ((await response.json()) as { detail: string }).detail;
}

const draft = (...parts: string[]) => path.join(agentsDir, 'my_app', 'tmp', 'my_app', ...parts);

describe('GET /dev/apps/{app}/builder', () => {
  it('answers root_agent.yaml as YAML, not cached, offered as <app>.yaml', async () => {
    const response = await get('/dev/apps/my_app/builder?ts=1');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-yaml');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="my_app.yaml"');
    expect(await response.text()).toBe(ROOT_YAML);
  });

  it('answers an empty 200 for an app without YAML and for paths it refuses', async () => {
    await symlink(path.join(outside, 'secret.yaml'), path.join(agentsDir, 'my_app', 'link.yaml'));
    for (const target of [
      '/dev/apps/ts_app/builder',
      '/dev/apps/new_app/builder',
      '/dev/apps/my_app/builder?file_path=../../outside/secret.yaml',
      '/dev/apps/my_app/builder?file_path=agent.ts',
      '/dev/apps/my_app/builder?file_path=link.yaml',
      '/dev/apps/my_app/builder?file_path=missing.yaml',
    ]) {
      const response = await get(target);
      expect(response.status, target).toBe(200);
      expect(await response.text(), target).toBe('');
    }
  });

  it('with tmp=true starts a draft as a copy of the app and reads from it', async () => {
    const response = await get('/dev/apps/my_app/builder?tmp=true');
    expect(await response.text()).toBe(ROOT_YAML);
    expect(await readFile(draft('root_agent.yaml'), 'utf8')).toBe(ROOT_YAML);
    // The draft folder is not copied into itself.
    expect(existsSync(draft('tmp'))).toBe(false);
  });

  it('refuses an invalid app name with 400', async () => {
    expect((await get('/dev/apps/bad-name/builder')).status).toBe(400);
    expect((await get('/dev/apps/..%2F..%2Foutside/builder')).status).toBe(400);
  });
});

describe('POST /dev/apps/{app}/builder/save and /cancel', () => {
  it('saves a draft with tmp=true, leaving the app as it was', async () => {
    const edited = ROOT_YAML.replace('Be brief.', 'Be thorough.');
    const response = await save(
      'my_app',
      { 'my_app/root_agent.yaml': edited, 'helper.yaml': 'name: helper\n' },
      '?tmp=true',
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(true);
    expect(await readFile(draft('root_agent.yaml'), 'utf8')).toBe(edited);
    expect(await readFile(draft('helper.yaml'), 'utf8')).toBe('name: helper\n');
    expect(await readFile(path.join(agentsDir, 'my_app', 'root_agent.yaml'), 'utf8')).toBe(
      ROOT_YAML,
    );
    expect(await (await get('/dev/apps/my_app/builder?tmp=true')).text()).toBe(edited);
  });

  it('saves for good: the draft merged into the app, then the draft removed', async () => {
    await save('my_app', { 'helper.yaml': 'name: helper\n' }, '?tmp=true');
    const edited = ROOT_YAML.replace('Be brief.', 'Be kind.');
    const response = await save('my_app', { 'root_agent.yaml': edited });
    expect(await response.json()).toBe(true);
    const app = path.join(agentsDir, 'my_app');
    expect(await readFile(path.join(app, 'root_agent.yaml'), 'utf8')).toBe(edited);
    expect(await readFile(path.join(app, 'helper.yaml'), 'utf8')).toBe('name: helper\n');
    expect(existsSync(path.join(app, 'tmp'))).toBe(false);
  });

  it('creates a new app folder', async () => {
    const response = await save('new_app', { 'new_app/root_agent.yaml': 'name: new_app\n' });
    expect(await response.json()).toBe(true);
    expect(await readFile(path.join(agentsDir, 'new_app', 'root_agent.yaml'), 'utf8')).toBe(
      'name: new_app\n',
    );
  });

  it('cancel removes the draft', async () => {
    await save('my_app', { 'root_agent.yaml': 'name: draft\n' }, '?tmp=true');
    const response = await api.app.request('/dev/apps/my_app/builder/cancel', { method: 'POST' });
    expect(await response.json()).toBe(true);
    expect(existsSync(path.join(agentsDir, 'my_app', 'tmp'))).toBe(false);
  });

  it('refuses with 400, writing nothing: other file types, paths leaving the app, args, outside code', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ 'agent.ts': 'export {}' }, 'File type not allowed'],
      [{ '../other/root_agent.yaml': 'name: x\n' }, 'Path traversal rejected'],
      [{ 'my_app/../../x.yaml': 'name: x\n' }, 'Path traversal rejected'],
      [{ 'root_agent.yaml': 'name: x\ntools:\n  - name: f\n    args: {a: 1}\n' }, "key 'args'"],
      [{ 'root_agent.yaml': 'tools:\n  - name: other_app.tools.f\n' }, 'other_app.tools.f'],
      [{ 'root_agent.yaml': 'agent_class: shared.agents.Custom\n' }, 'shared.agents.Custom'],
      [
        { 'root_agent.yaml': 'before_model_callbacks:\n  - name: os.system\n' },
        'Blocked code reference',
      ],
      [{ 'root_agent.yaml': 'name: [unclosed\n' }, 'Invalid YAML'],
      // One bad file refuses the whole upload.
      [{ 'root_agent.yaml': 'name: ok\n', 'x.json': '{}' }, 'File type not allowed'],
    ];
    for (const [files, message] of cases) {
      const response = await save('my_app', files);
      expect(response.status, JSON.stringify(files)).toBe(400);
      expect(await detail(response), JSON.stringify(files)).toContain(message);
    }
    expect(await readFile(path.join(agentsDir, 'my_app', 'root_agent.yaml'), 'utf8')).toBe(
      ROOT_YAML,
    );
    expect(existsSync(path.join(agentsDir, 'other'))).toBe(false);
    expect(existsSync(path.join(agentsDir, '..', 'x.yaml'))).toBe(false);
  });

  it('accepts built-ins and code under the app', async () => {
    const yaml = [
      'name: my_app',
      'tools:',
      '  - name: google_search',
      '  - name: google.adk.tools.url_context',
      '  - name: my_app.tools.get_weather',
      'before_agent_callbacks:',
      '  - name: my_app.callbacks.check',
      '',
    ].join('\n');
    const response = await save('my_app', { 'root_agent.yaml': yaml });
    expect(response.status).toBe(200);
    expect(await readFile(path.join(agentsDir, 'my_app', 'root_agent.yaml'), 'utf8')).toBe(yaml);
  });

  it('does not write through a symlinked folder that leads outside the app', async () => {
    await symlink(outside, path.join(agentsDir, 'my_app', 'escape'));
    const response = await save('my_app', { 'escape/secret.yaml': 'owned: true\n' });
    expect(response.status).toBe(400);
    expect(await detail(response)).toContain('escapes the app folder');
    expect(await readFile(path.join(outside, 'secret.yaml'), 'utf8')).toBe('secret: true\n');
  });

  it('answers 422 without files, 400 for an invalid app name, 403 for a cross-origin save', async () => {
    const empty = await api.app.request('/dev/apps/my_app/builder/save', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(empty.status).toBe(422);
    expect((await save('bad-name', { 'root_agent.yaml': 'name: x\n' })).status).toBe(400);
    const cancel = await api.app.request('/dev/apps/bad-name/builder/cancel', { method: 'POST' });
    expect(cancel.status).toBe(400);
    const crossOrigin = await save('my_app', { 'root_agent.yaml': 'name: x\n' }, '', {
      origin: 'http://evil.example',
      host: '127.0.0.1:8000',
    });
    expect(crossOrigin.status).toBe(403);
    expect(await readFile(path.join(agentsDir, 'my_app', 'root_agent.yaml'), 'utf8')).toBe(
      ROOT_YAML,
    );
  });
});

it('without an agents directory: GET is empty, cancel false, save 400', async () => {
  api = server(undefined);
  expect(await (await get('/dev/apps/my_app/builder')).text()).toBe('');
  const cancel = await api.app.request('/dev/apps/my_app/builder/cancel', { method: 'POST' });
  expect(await cancel.json()).toBe(false);
  const saved = await save('my_app', { 'root_agent.yaml': 'name: x\n' });
  expect(saved.status).toBe(400);
  expect(await detail(saved)).toContain('agents directory');
});
