import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isCommonJsModule } from '../config/module-scope.js';
import { PACKAGE_VERSION } from '../utils/package-version.js';

/** The model `adk create` offers first. */
export const DEFAULT_CREATE_MODEL = 'gemini-2.5-flash';

/** The placeholder written when the user picks "other models". */
export const MODEL_PLACEHOLDER = '<FILL_IN_MODEL>';

/** What `adk create` writes: the app folder, its kind and how it reaches its model. */
export interface ScaffoldRequest {
  /** The app folder (absolute); its name is the app name. */
  readonly appDir: string;
  /** `code` writes `agent.ts`; `config` writes `root_agent.yaml`. */
  readonly type: 'code' | 'config';
  readonly model: string;
  readonly apiKey?: string | undefined;
  /** Google Cloud project and region, for Gemini on Vertex AI. */
  readonly project?: string | undefined;
  readonly region?: string | undefined;
}

/** The files `scaffoldApp` wrote, relative to the app folder. */
export type ScaffoldedFiles = readonly string[];

/**
 * Writes a working app (Python's `adk create`): `agent.ts` exporting a
 * `rootAgent` LlmAgent (or `root_agent.yaml` for `type: 'config'`),
 * `.gitignore` keeping `.env` and `.adk/` out of version control (entries
 * are added to an existing `.gitignore`), and `.env` with the model
 * settings, only when there are some (a key, a Google Cloud project): no
 * empty `.env`. For `agent.ts`:
 * - outside an ESM package (no `"type": "module"` in the nearest
 *   package.json), a package.json making the folder one, with `@adk-ts/adk`
 *   (this version) as its dependency, so that `npm install` there gives
 *   editors the package's types;
 * - without a tsconfig.json in the folder or above, one for an ES module
 *   agent (strict, NodeNext).
 * Generated TypeScript uses single quotes, as the project's own code.
 */
export async function scaffoldApp(request: ScaffoldRequest): Promise<ScaffoldedFiles> {
  await mkdir(request.appDir, { recursive: true });
  const files: string[] = [];
  const env = envFileText(request);
  if (env !== '') {
    await writeFile(path.join(request.appDir, '.env'), env, 'utf8');
    files.push('.env');
  }
  await ensureGitignored(request.appDir, ['.env', '.adk/']);
  files.push('.gitignore');
  if (request.type === 'config') {
    await writeFile(path.join(request.appDir, 'root_agent.yaml'), yamlTemplate(request.model));
    return [...files, 'root_agent.yaml'];
  }
  const agentFile = path.join(request.appDir, 'agent.ts');
  files.push('agent.ts');
  // Outside an ESM package agent.ts would compile to CommonJS and load a second
  // copy of the package; a package.json in the app folder makes it ESM.
  if (await isCommonJsModule(agentFile)) {
    await writeFile(
      path.join(request.appDir, 'package.json'),
      packageJsonText(path.basename(request.appDir)),
    );
    files.push('package.json');
  }
  if (!(await hasTsconfigAbove(request.appDir))) {
    await writeFile(path.join(request.appDir, 'tsconfig.json'), TSCONFIG_TEXT);
    files.push('tsconfig.json');
  }
  await writeFile(agentFile, codeTemplate(request.model));
  return files.sort();
}

/**
 * The package.json of a new app outside any ES module package: private, an
 * ES module, depending on this version of `@adk-ts/adk`.
 */
export function packageJsonText(appName: string): string {
  const manifest = {
    name: appName,
    private: true,
    type: 'module',
    dependencies: { '@adk-ts/adk': `^${PACKAGE_VERSION}` },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/**
 * The tsconfig.json of a new app: `agent.ts` as an ES module (NodeNext),
 * strict, type-checked only (`adk` runs it without a build). `DOM` is in
 * `lib` because `@google/genai`'s declarations name DOM types.
 */
export const TSCONFIG_TEXT = `{
  "compilerOptions": {
    "target": "ES2022",
    "lib": ["ES2023", "DOM"],
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "strict": true,
    "noEmit": true,
    "skipLibCheck": true
  }
}
`;

/** The `agent.ts` of a new app. */
export function codeTemplate(model: string): string {
  return `import { LlmAgent } from '@adk-ts/adk';

export const rootAgent = new LlmAgent({
  model: ${singleQuoted(model)},
  name: 'root_agent',
  description: 'A helpful assistant for user questions.',
  instruction: 'Answer user questions to the best of your knowledge',
});
`;
}

// A TypeScript string literal in single quotes, the project's style.
function singleQuoted(text: string): string {
  const body = JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'");
  return `'${body}'`;
}

/** The `root_agent.yaml` of a new config app. */
export function yamlTemplate(model: string): string {
  return `# yaml-language-server: $schema=https://raw.githubusercontent.com/google/adk-python/refs/heads/main/src/google/adk/agents/config_schemas/AgentConfig.json
name: root_agent
description: A helpful assistant for user questions.
instruction: Answer user questions to the best of your knowledge
model: ${model}
`;
}

/**
 * The `.env` of a new app: Gemini through Vertex AI when a project and a
 * region are given, else through the Gemini API with the key; a key for a
 * Claude or OpenAI model goes to that provider's variable.
 */
export function envFileText(request: ScaffoldRequest): string {
  const lines: string[] = [];
  const vertex = Boolean(request.project && request.region);
  const keyVariable = apiKeyVariable(request.model);
  if (keyVariable === 'GOOGLE_API_KEY') {
    if (vertex) lines.push('GOOGLE_GENAI_USE_VERTEXAI=1');
    else if (request.apiKey) lines.push('GOOGLE_GENAI_USE_VERTEXAI=0');
  }
  if (request.apiKey) lines.push(`${keyVariable}=${request.apiKey}`);
  if (request.project) lines.push(`GOOGLE_CLOUD_PROJECT=${request.project}`);
  if (request.region) lines.push(`GOOGLE_CLOUD_LOCATION=${request.region}`);
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/** The environment variable holding the API key of `model`'s provider. */
export function apiKeyVariable(model: string): string {
  if (/^claude/i.test(model)) return 'ANTHROPIC_API_KEY';
  if (/^(gpt|o[0-9]|chatgpt)/i.test(model)) return 'OPENAI_API_KEY';
  return 'GOOGLE_API_KEY';
}

async function ensureGitignored(appDir: string, entries: readonly string[]): Promise<void> {
  const file = path.join(appDir, '.gitignore');
  let content = '';
  try {
    content = await readFile(file, 'utf8');
  } catch {
    content = '';
  }
  const existing = new Set(content.split(/\r?\n/));
  const missing = entries.filter((entry) => !existing.has(entry));
  if (missing.length === 0) return;
  const separator = content !== '' && !content.endsWith('\n') ? '\n' : '';
  await writeFile(file, `${content}${separator}${missing.join('\n')}\n`, 'utf8');
}

// TypeScript's own lookup: the folder, then each folder above it.
async function hasTsconfigAbove(folder: string): Promise<boolean> {
  for (let current = path.resolve(folder); ; current = path.dirname(current)) {
    try {
      await access(path.join(current, 'tsconfig.json'));
      return true;
    } catch {
      // Not here: look further up.
    }
    if (path.dirname(current) === current) return false;
  }
}
