import path from 'node:path';
import type { Command } from 'commander';
import { AgentsDirectoryLoader } from '../config/agents-directory.js';
import { InMemoryCredentialService } from '../context/in-memory-credential-service.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import { Runner } from '../runner/runner.js';
import type { Session } from '../sessions/session.js';
import type { Part } from '../types/index.js';
import { resolveAgentPath, type AgentPath } from './agent-path.js';
import type { CliIo } from './cli-io.js';
import { createCliServices, type CliServices } from './cli-services.js';
import {
  credentialAnswerPart,
  credentialPrompt,
  DEFAULT_OAUTH_REDIRECT_URI,
} from './credential-prompt.js';
import { EventPrinter } from './event-printer.js';
import { LineReader } from './line-reader.js';
import { readReplayFile } from './replay-file.js';
import { PendingRequestInputs } from './pending-request-inputs.js';
import { runTurn, type RunSession } from './run-session.js';
import { SESSION_FILE_SUFFIX, readSessionFile, writeSessionFile } from './session-file.js';
import { onShutdownSignal } from './shutdown.js';

/** The user id of `adk run` sessions, as in Python. */
export const RUN_USER_ID = 'test_user';

/** Options of `adk run` (the flags of Python's `adk run`, snake_case as typed). */
export interface RunCommandOptions {
  readonly save_session?: boolean;
  readonly session_id?: string;
  readonly replay?: string;
  readonly resume?: string;
  readonly state?: string;
  readonly in_memory?: boolean;
  readonly jsonl?: boolean;
  readonly session_service_uri?: string;
  readonly artifact_service_uri?: string;
  readonly memory_service_uri?: string;
  readonly verbose?: boolean;
  readonly oauth_redirect_uri?: string;
}

/** Adds `adk run AGENT [QUERY]` to `program`. */
export function registerRunCommand(program: Command, io: CliIo): void {
  program
    .command('run')
    .description(
      'Runs an agent: answers QUERY and exits, or chats in the terminal (type exit to leave).',
    )
    .argument('<agent>', 'the path of the app folder (holding agent.ts or root_agent.yaml)')
    .argument('[query]', 'a single message to send; without it, an interactive chat starts')
    .option('--save_session', 'save the session to <agent>/<session_id>.session.json on exit')
    .option('--session_id <id>', 'the session to continue or create, and the saved file name')
    .option('--replay <file>', 'run the queries of a JSON file {state, queries} in a new session')
    .option('--resume <file>', 'continue a session saved with --save_session')
    .option('--state <json>', 'the initial state of a new session, as a JSON object')
    .option('--in_memory', 'keep sessions and artifacts in memory only')
    .option('--jsonl', 'print every event as one JSON line instead of text')
    .option('--session_service_uri <uri>', 'where sessions are stored (default SQLite in .adk/)')
    .option('--artifact_service_uri <uri>', 'where artifacts are stored (default .adk/artifacts)')
    .option('--memory_service_uri <uri>', 'the memory service (default in memory)')
    .option('-v, --verbose', "on a failed turn, print the error's stack and its causes' stacks")
    .option(
      '--oauth_redirect_uri <uri>',
      `where an OAuth2 provider sends the user back when a tool asks for authorization (default ${DEFAULT_OAUTH_REDIRECT_URI}, unless the tool names one)`,
    )
    .action(async (agent: string, query: string | undefined, options: RunCommandOptions) => {
      process.exitCode = await runCommand(agent, query, options, io);
    });
}

/**
 * `adk run`: loads the app of the folder `agent` and
 * - with `query`, sends it once and prints the answer;
 * - with `--replay FILE`, runs the file's queries in a new session with its state;
 * - otherwise chats: reads lines until `exit`, end of input or Ctrl-C.
 * `--resume FILE` first replays a saved session into a new one (printing it).
 * Text output is `[author]: text` with model output streamed; `--jsonl`
 * prints complete events as JSON lines. `--save_session` writes the session
 * to `<agent>/<session_id>.session.json` at the end. A failed turn prints
 * `Error: <message>` on stderr (`--verbose`: with the stacks of the error
 * and its causes). Returns the exit code: 0, or 1 when a turn failed.
 * In a chat, a turn that ends asking for credentials (`adk_request_credential`)
 * prompts for each (see `credentialPrompt`) and sends the answers; typed
 * secrets are not printed back. Credentials are kept in memory for the run
 * (Python's `InMemoryCredentialService`).
 */
export async function runCommand(
  agent: string,
  query: string | undefined,
  options: RunCommandOptions,
  io: CliIo,
): Promise<number> {
  checkOptions(query, options);
  const target = await resolveAgentPath(agent);
  const initialState = parseState(options.state);
  const app = await new AgentsDirectoryLoader({ agentsDir: target.agentsDir }).loadApp(
    target.appName,
  );
  const services = await createCliServices({
    agentsDir: target.agentsDir,
    sessionServiceUri: options.session_service_uri,
    artifactServiceUri: options.artifact_service_uri,
    memoryServiceUri: options.memory_service_uri,
    inMemory: options.in_memory,
  });
  const runner = new Runner({
    app,
    sessionService: services.sessionService,
    artifactService: services.artifactService,
    memoryService: services.memoryService,
    credentialService: new InMemoryCredentialService(),
  });
  const jsonl = options.jsonl === true;
  const printer = new EventPrinter(io.stdout, { jsonl });
  const stop = new AbortController();
  let reader: LineReader | undefined;
  const interrupt = (): void => {
    stop.abort();
    reader?.close();
  };
  const removeSignalHandlers = onShutdownSignal(interrupt);
  try {
    const session = await openSession(runner, services, printer, options, initialState);
    const conversation: RunSession = {
      runner,
      session,
      printer,
      io,
      streaming: !jsonl,
      signal: stop.signal,
      verbose: options.verbose === true,
    };
    let exitCode = 0;
    if (options.replay) {
      for (const text of (await readReplayFile(options.replay)).queries) {
        if (stop.signal.aborted) break;
        printer.printUser(text);
        if (!(await runTurn(conversation, text)) && !stop.signal.aborted) exitCode = 1;
      }
    } else if (query !== undefined) {
      if (!(await runTurn(conversation, query)) && !stop.signal.aborted) exitCode = 1;
    } else {
      reader = new LineReader(io, interrupt);
      if (!jsonl && !options.resume) {
        io.stdout.write(`Running agent ${app.rootAgent.name}, type exit to exit.\n`);
      }
      await chat(
        conversation,
        reader,
        jsonl,
        options.oauth_redirect_uri ?? DEFAULT_OAUTH_REDIRECT_URI,
      );
    }
    if (options.save_session) {
      reader ??= new LineReader(io, interrupt);
      await saveSession(runner, session, target, options.session_id, reader, io);
    }
    return exitCode;
  } finally {
    removeSignalHandlers();
    reader?.close();
    // Closes the app's toolsets (MCP connections) and plugins.
    await runner.close();
    await services.close();
  }
}

// The interactive loop of Python's `run_interactively`. When a turn ends with a
// workflow waiting for human input (RequestInput), the next line answers it;
// when it ends asking for credentials, the user is prompted for each.
async function chat(
  conversation: RunSession,
  reader: LineReader,
  jsonl: boolean,
  redirectUri: string,
): Promise<void> {
  const { io, signal } = conversation;
  const requests = new PendingRequestInputs();
  for (;;) {
    const credentials = requests.takeCredentialRequests();
    if (credentials.length > 0) {
      const parts: Part[] = [];
      for (const credential of credentials) {
        if (!jsonl) io.stdout.write(credentialPrompt(credential, redirectUri));
        if (!jsonl) reader.prompt('[user]: ');
        // A key or token is not shown as typed; an OAuth2 redirect URL carries a one-time code only.
        const line = (await reader.nextSecret())?.trim();
        if (line === undefined || line === 'exit' || signal.aborted) {
          if (!jsonl && line === undefined) io.stdout.write('\n');
          return;
        }
        parts.push(credentialAnswerPart(credential, line, redirectUri));
      }
      await runTurn(conversation, { role: 'user', parts }, (event) => requests.add(event));
      if (signal.aborted) return;
      continue;
    }
    const request = requests.first();
    if (!jsonl && request !== undefined) {
      io.stdout.write(
        `Answer ${request.message === undefined ? `request ${request.id}` : JSON.stringify(request.message)} (JSON or text):\n`,
      );
    }
    if (!jsonl) reader.prompt('[user]: ');
    const line = await reader.next();
    if (line === undefined || signal.aborted) {
      if (!jsonl) io.stdout.write('\n');
      return;
    }
    const text = line.trim();
    if (text === '') continue;
    if (text === 'exit') return;
    const message = request === undefined ? line : requests.answer(text);
    await runTurn(conversation, message, (event) => requests.add(event));
    if (signal.aborted) return;
  }
}

async function openSession(
  runner: Runner,
  services: CliServices,
  printer: EventPrinter,
  options: RunCommandOptions,
  initialState: Record<string, unknown> | undefined,
): Promise<Session> {
  const { sessionService } = services;
  const key = { appName: runner.appName, userId: RUN_USER_ID };
  const sessionId = options.session_id ? { sessionId: options.session_id } : {};
  if (options.resume) {
    const saved = await readSessionFile(options.resume);
    const session = await sessionService.createSession({
      ...key,
      ...sessionId,
      state: saved.state,
    });
    for (const event of saved.events) {
      await sessionService.appendEvent({ session, event });
      printer.print(event);
    }
    return session;
  }
  if (options.replay) {
    const input = await readReplayFile(options.replay);
    return sessionService.createSession({
      ...key,
      ...sessionId,
      state: { ...input.state, _time: new Date().toISOString() },
    });
  }
  if (options.session_id) {
    const existing = await sessionService.getSession({ ...key, sessionId: options.session_id });
    if (existing) return existing;
  }
  return sessionService.createSession({
    ...key,
    ...sessionId,
    ...(initialState ? { state: initialState } : {}),
  });
}

async function saveSession(
  runner: Runner,
  session: Session,
  target: AgentPath,
  sessionIdOption: string | undefined,
  reader: LineReader,
  io: CliIo,
): Promise<void> {
  let saveId = sessionIdOption;
  if (!saveId && !reader.isClosed) {
    reader.prompt('Session ID to save: ');
    saveId = (await reader.next())?.trim();
  }
  if (!saveId) {
    io.stderr.write('Session not saved: no session id (pass --session_id).\n');
    return;
  }
  checkSaveId(saveId);
  const stored = await runner.sessionService.getSession({
    appName: session.appName,
    userId: session.userId,
    sessionId: session.id,
  });
  const file = path.join(target.appDir, `${saveId}${SESSION_FILE_SUFFIX}`);
  await writeSessionFile(file, stored ?? session);
  io.stdout.write(`Session saved to ${file}\n`);
}

// The session id becomes a file name in the app folder: no separators, no dot names.
function checkSaveId(saveId: string): void {
  if (!/^[A-Za-z0-9_.-]+$/.test(saveId) || /^\.+$/.test(saveId)) {
    throw new InvalidArgumentError({
      argument: 'session_id',
      message: `Invalid session id ${JSON.stringify(saveId)} to save: use letters, digits, '_', '-' and '.'.`,
    });
  }
}

function checkOptions(query: string | undefined, options: RunCommandOptions): void {
  const exclusive = (a: string, b: string): InvalidArgumentError =>
    new InvalidArgumentError({
      argument: a,
      message: `Options '${a}' and '${b}' cannot be set together.`,
    });
  if (options.replay && options.resume) throw exclusive('--replay', '--resume');
  if (options.replay && query !== undefined) throw exclusive('--replay', 'QUERY');
  if (options.state && (options.replay || options.resume)) {
    throw exclusive('--state', options.replay ? '--replay' : '--resume');
  }
  if (
    options.in_memory &&
    (options.session_service_uri || options.artifact_service_uri || options.memory_service_uri)
  ) {
    throw exclusive('--in_memory', 'a service URI');
  }
  if (options.session_id !== undefined) checkSaveId(options.session_id);
}

function parseState(state: string | undefined): Record<string, unknown> | undefined {
  if (state === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(state);
  } catch (error) {
    throw new InvalidArgumentError({
      argument: 'state',
      message: `--state is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  if (!isPlainObject(parsed)) {
    throw new InvalidArgumentError({
      argument: 'state',
      message: '--state must be a JSON object.',
    });
  }
  return parsed;
}
