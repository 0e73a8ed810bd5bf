import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { assertValidAppName } from '../config/app-name.js';
import { AlreadyExistsError } from '../errors/already-exists-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { CliIo } from './cli-io.js';
import { LineReader } from './line-reader.js';
import {
  DEFAULT_CREATE_MODEL,
  MODEL_PLACEHOLDER,
  apiKeyVariable,
  scaffoldApp,
} from './scaffold-app.js';

/** Options of `adk create` (Python's flags). */
export interface CreateCommandOptions {
  readonly model?: string;
  readonly api_key?: string;
  readonly project?: string;
  readonly region?: string;
  readonly type?: string;
}

/** Adds `adk create APP` to `program`. */
export function registerCreateCommand(program: Command, io: CliIo): void {
  program
    .command('create')
    .description('Creates a new app folder with an agent ready to run.')
    .argument('<app>', 'the app folder to create (its name is the app name)')
    .option('--model <model>', `the root agent's model (asked when omitted at a terminal)`)
    .option('--api_key <key>', "the model provider's API key, written to .env")
    .option('--project <project>', 'the Google Cloud project, for Gemini on Vertex AI')
    .option('--region <region>', 'the Google Cloud region, for Gemini on Vertex AI')
    .option('--type <type>', 'code (agent.ts, the default) or config (root_agent.yaml)')
    .action(async (app: string, options: CreateCommandOptions) => {
      process.exitCode = await createCommand(app, options, io);
    });
}

/**
 * `adk create APP`: writes `APP/agent.ts` (or `root_agent.yaml` with
 * `--type config`), `.gitignore`, `.env` when there is a key or a project
 * to keep, and for a standalone `agent.ts` package.json and tsconfig.json
 * (see `scaffoldApp`), relative to the current folder. It warns about the
 * secret in `.env`, or says where the key goes when none was given.
 * At a terminal it asks for what the flags leave out (model, backend and
 * key, and whether to overwrite a non-empty folder); otherwise it uses
 * `gemini-2.5-flash`, writes no key and refuses a non-empty folder
 * (`AlreadyExistsError`). The app name is checked first
 * (`InvalidAppNameError`). Returns the exit code.
 */
export async function createCommand(
  app: string,
  options: CreateCommandOptions,
  io: CliIo,
  cwd = process.cwd(),
): Promise<number> {
  const appDir = path.resolve(cwd, app);
  assertValidAppName(path.basename(appDir));
  const type = parseType(options.type);
  const prompter = io.isInteractive ? new LineReader(io) : undefined;
  try {
    const ask = async (question: string): Promise<string> => {
      if (!prompter) return '';
      prompter.prompt(question);
      return ((await prompter.next()) ?? '').trim();
    };
    if (await isNonEmptyFolder(appDir)) {
      const answer = await ask(
        `Non-empty folder already exist: '${appDir}'\nOverride existing content? [y/N]: `,
      );
      if (!/^y(es)?$/i.test(answer)) {
        throw new AlreadyExistsError({
          message: `Not creating ${appDir}: the folder exists and is not empty.`,
        });
      }
    }
    let model = options.model;
    if (!model) {
      const choice = await ask(
        `Choose a model for the root agent:\n1. ${DEFAULT_CREATE_MODEL}\n2. Other models (fill later)\nChoose model [1]: `,
      );
      model = choice === '2' ? MODEL_PLACEHOLDER : DEFAULT_CREATE_MODEL;
      if (model === MODEL_PLACEHOLDER) {
        io.stdout.write(
          '\nSet the model in agent.ts: a Gemini name, a Claude name (claude-...) or an OpenAI name (gpt-...).\n',
        );
      }
    }
    let apiKey = options.api_key;
    let project = options.project;
    let region = options.region;
    if (!apiKey && !(project && region) && model !== MODEL_PLACEHOLDER) {
      if (apiKeyVariable(model) === 'GOOGLE_API_KEY') {
        const backend = await ask(
          '1. Google AI (Gemini API key)\n2. Vertex AI (Google Cloud project)\nChoose a backend [1]: ',
        );
        if (backend === '2') {
          project = (await ask('Enter Google Cloud project ID: ')) || undefined;
          region = (await ask('Enter Google Cloud region [us-central1]: ')) || 'us-central1';
        } else {
          apiKey = (await ask('Enter Google API key: ')) || undefined;
        }
      } else {
        apiKey = (await ask(`Enter ${apiKeyVariable(model)}: `)) || undefined;
      }
    }
    const files = await scaffoldApp({ appDir, type, model, apiKey, project, region });
    io.stdout.write(
      `\nAgent created in ${appDir}:\n${files.map((file) => `- ${file}`).join('\n')}\n\n` +
        nextSteps({ appDir, model, apiKey, files }),
    );
    return 0;
  } finally {
    prompter?.close();
  }
}

// What the user should know or do after the files were written.
function nextSteps({
  appDir,
  model,
  apiKey,
  files,
}: {
  appDir: string;
  model: string;
  apiKey: string | undefined;
  files: readonly string[];
}): string {
  const lines: string[] = [];
  if (apiKey) lines.push('WARNING: Secrets (like API keys) are stored in .env.');
  else if (!files.includes('.env')) {
    const variable =
      model === MODEL_PLACEHOLDER ? "your model provider's API key" : apiKeyVariable(model);
    lines.push(
      `No API key given: set ${variable} in the environment or in ${path.join(appDir, '.env')}.`,
    );
  }
  if (files.includes('package.json')) {
    // The app's own copy of the package runs it: the agent and the CLI then share their classes.
    lines.push(
      'Install @adk-ts/adk there (editors then find its types) and run the agent with it: ' +
        `cd ${appDir} && npm install && npx adk run .`,
    );
  }
  return lines.map((line) => `${line}\n`).join('');
}

function parseType(type: string | undefined): 'code' | 'config' {
  const normalized = (type ?? 'code').toLowerCase();
  if (normalized === 'code' || normalized === 'config') return normalized;
  throw new InvalidArgumentError({
    argument: 'type',
    message: `Invalid --type ${JSON.stringify(type)}: use code or config.`,
  });
}

async function isNonEmptyFolder(folder: string): Promise<boolean> {
  try {
    return (await readdir(folder)).length > 0;
  } catch {
    return false;
  }
}
