/**
 * Agent Development Kit for TypeScript: the public API. Behaviour follows
 * Python ADK 2.x; names follow `@google/adk` where it has them.
 *
 * This list is curated: it holds what users write code against (agents,
 * tools, models, runners, services, plugins, planners, code executors,
 * events, errors and the types of their options and callbacks). The flow's
 * processors and helpers, storage helpers and conversion utilities stay
 * inside the package. `test/packaging/public-surface.test.ts` pins the list,
 * so adding a name is a visible decision.
 *
 * Each folder's `index.ts` is that folder's public list, and this entry
 * re-exports each whole with `export *`, under the section it belongs to.
 * Code inside the package imports the defining files, not these lists
 * (`npm run layering` checks it).
 *
 * @module
 */

// Agents (Python `google.adk.agents`). The LLM agent's contract (its callbacks, instructions,
// output schema and mode) and the audio transcriber live in flows/, whose list also holds the
// confirmation and credential request function names (events) and the default events
// summarizer (contexts).
export * from './agents/index.js';
export * from './flows/index.js';

// Agents from YAML config files and agent directories (Python `config_agent_utils`, `AgentLoader`).
export * from './config/index.js';

// Artifacts (Python `google.adk.artifacts`).
export * from './artifacts/index.js';

// Auth (Python `google.adk.auth`): credential models, auth schemes, auth providers, OAuth2
// exchangers and refreshers. The credential services are listed with the contexts, the
// authenticated tools and `CredentialManager` with the tools.
export * from './auth/index.js';

// Code executors (Python `google.adk.code_executors`).
export * from './code-executors/index.js';

// Contexts, run configuration, hook arguments, app configs, credential services. The context
// cache's metadata is listed with the events, the default events summarizer with the flow.
export * from './context/index.js';

// Evaluation (Python `google.adk.evaluation`): eval sets, metrics, judges, stores, running evals.
export * from './evaluation/index.js';

// Errors: every error ADK throws, each with its `isInstance` check.
export * from './errors/index.js';

// Events (Python `google.adk.events`). The function names of confirmation and credential
// requests are listed with the flow.
export * from './events/index.js';

// Memory (Python `google.adk.memory`).
export * from './memory/index.js';

// Models (Python `google.adk.models`).
export * from './models/index.js';

// Planners (Python `google.adk.planners`).
export * from './planners/index.js';

// Plugins (Python `google.adk.plugins`).
export * from './plugins/index.js';

// Runners and apps (Python `google.adk.runners`, `google.adk.apps`).
export * from './runner/index.js';

// Sessions (Python `google.adk.sessions`).
export * from './sessions/index.js';

// Tracing: the in-process span store the dev UI reads.
export * from './telemetry/index.js';

// Tools (Python `google.adk.tools`).
export * from './tools/index.js';

// Workflows: graphs of nodes run as an agent (Python 2.x `google.adk.workflow`).
export * from './workflow/index.js';

// The message model: `@google/genai` content types, used as they are (types/ lists them).
export type * from './types/index.js';

// Logging.
export * from './utils/index.js';
