import { EVAL_OPERATIONS } from './openapi-eval-operations.js';
import { schemaRef, type JsonSchema } from './openapi-schemas.js';

/** A query parameter of an operation. */
export interface QueryParameterSpec {
  readonly name: string;
  readonly description: string;
  readonly schema: JsonSchema;
}

/** One response of an operation, by status code. */
export interface ResponseSpec {
  readonly description: string;
  /** Default `application/json`. */
  readonly contentType?: string;
  readonly schema?: JsonSchema;
}

/** What the document says about one route. */
export interface OperationSpec {
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tag: string;
  readonly deprecated?: boolean;
  readonly query?: readonly QueryParameterSpec[];
  /** A request body: a component schema name (JSON) or a schema with its content type. */
  readonly body?: {
    readonly schema: JsonSchema;
    readonly contentType?: string;
    readonly required: boolean;
  };
  /** The success responses (errors are added for every operation). */
  readonly responses: Readonly<Record<string, ResponseSpec>>;
}

const STRING: JsonSchema = { type: 'string' };
const STRINGS: JsonSchema = { type: 'array', items: STRING };
const BOOLEAN: JsonSchema = { type: 'boolean' };
const NULL: JsonSchema = { type: 'null' };
const ANY_OBJECT: JsonSchema = { type: 'object', additionalProperties: true };

const json = (description: string, schema: JsonSchema): ResponseSpec => ({ description, schema });
const body = (component: string, required = true) => ({ schema: schemaRef(component), required });
const darkMode = (fallback: boolean): QueryParameterSpec => ({
  name: 'dark_mode',
  description: `Draw on a dark background (default ${String(fallback)}).`,
  schema: { type: 'boolean', default: fallback },
});
const DOT = json('`{dotSrc}`: a Graphviz DOT digraph.', {
  type: 'object',
  properties: { dotSrc: STRING },
});

/**
 * The operations of the API server and of `adk web`, keyed by
 * `<METHOD> <OpenAPI path>`. The document lists only the routes a server
 * registered (`openApiDocument`); a test checks that every registered route
 * has an entry here and every entry a route.
 */
export const OPERATIONS: Readonly<Record<string, OperationSpec>> = {
  'GET /health': {
    operationId: 'health',
    summary: 'Health check',
    tag: 'server',
    responses: {
      200: json('`{"status": "ok"}`', { type: 'object', properties: { status: STRING } }),
    },
  },
  'GET /version': {
    operationId: 'version',
    summary: 'The server version',
    tag: 'server',
    responses: {
      200: json('`{version, language, language_version}`', {
        type: 'object',
        properties: { version: STRING, language: STRING, language_version: STRING },
      }),
    },
  },
  'GET /list-apps': {
    operationId: 'list_apps',
    summary: 'List the apps',
    tag: 'apps',
    query: [
      {
        name: 'detailed',
        description: 'Answer `{apps: [{name, rootAgentName, description, language, …}]}`.',
        schema: { type: 'boolean', default: false },
      },
    ],
    responses: {
      200: json('The app names, or the detailed list.', { oneOf: [STRINGS, ANY_OBJECT] }),
    },
  },
  'GET /apps/{app_name}/users/{user_id}/sessions/{session_id}': {
    operationId: 'get_session',
    summary: 'Get a session with its events',
    tag: 'sessions',
    responses: { 200: json('The session.', schemaRef('Session')) },
  },
  'GET /apps/{app_name}/users/{user_id}/sessions': {
    operationId: 'list_sessions',
    summary: "List a user's sessions (without events)",
    tag: 'sessions',
    responses: { 200: json('The sessions.', { type: 'array', items: schemaRef('Session') }) },
  },
  'POST /apps/{app_name}/users/{user_id}/sessions': {
    operationId: 'create_session',
    summary: 'Create a session',
    description:
      'With an optional id, initial state and events to import; 409 when the id is taken.',
    tag: 'sessions',
    body: body('CreateSessionRequest', false),
    responses: { 200: json('The new session.', schemaRef('Session')) },
  },
  'POST /apps/{app_name}/users/{user_id}/sessions/{session_id}': {
    operationId: 'create_session_with_id',
    summary: 'Create a session with this id',
    tag: 'sessions',
    deprecated: true,
    body: body('SessionState', false),
    responses: { 200: json('The new session.', schemaRef('Session')) },
  },
  'PATCH /apps/{app_name}/users/{user_id}/sessions/{session_id}': {
    operationId: 'update_session',
    summary: 'Apply a state delta to a session',
    description: 'Appends a `user` event (invocation id `p-<uuid>`) carrying the delta.',
    tag: 'sessions',
    body: body('UpdateSessionRequest'),
    responses: { 200: json('The updated session.', schemaRef('Session')) },
  },
  'POST /apps/{app_name}/users/{user_id}/sessions/{session_id}/rewind': {
    operationId: 'rewind_session',
    summary: 'Rewind a session to before an invocation',
    description:
      'Runner.rewind_async: restores session state and artifacts and appends the rewind ' +
      'event; 404 when the session is missing, 400 when no event has the invocation id.',
    tag: 'sessions',
    body: body('RewindSessionRequest'),
    responses: { 200: json('The rewound session.', schemaRef('Session')) },
  },
  'DELETE /apps/{app_name}/users/{user_id}/sessions/{session_id}': {
    operationId: 'delete_session',
    summary: 'Delete a session',
    tag: 'sessions',
    responses: { 200: json('`null`', NULL) },
  },
  'GET /apps/{app_name}/users/{user_id}/sessions/{session_id}/artifacts/{artifact_name}/versions/{version_id}/metadata':
    {
      operationId: 'get_artifact_version_metadata',
      summary: "An artifact version's metadata",
      tag: 'artifacts',
      responses: { 200: json('The version.', schemaRef('ArtifactVersion')) },
    },
  'GET /apps/{app_name}/users/{user_id}/sessions/{session_id}/artifacts/{artifact_name}/versions/metadata':
    {
      operationId: 'list_artifact_versions_metadata',
      summary: "Every version's metadata",
      tag: 'artifacts',
      responses: {
        200: json('The versions.', { type: 'array', items: schemaRef('ArtifactVersion') }),
      },
    },
  'POST /apps/{app_name}/users/{user_id}/sessions/{session_id}/artifacts': {
    operationId: 'save_artifact',
    summary: 'Save a new artifact version',
    tag: 'artifacts',
    body: body('SaveArtifactRequest'),
    responses: { 200: json('The saved version.', schemaRef('ArtifactVersion')) },
  },
  'GET /apps/{app_name}/users/{user_id}/sessions/{session_id}/artifacts/{artifact_name}/versions/{version_id}':
    {
      operationId: 'load_artifact_version',
      summary: 'Load an artifact version (a number or `latest`)',
      tag: 'artifacts',
      responses: { 200: json('The artifact.', schemaRef('Part')) },
    },
  'GET /apps/{app_name}/users/{user_id}/sessions/{session_id}/artifacts': {
    operationId: 'list_artifact_names',
    summary: 'List the artifact names of a session (and of its user)',
    tag: 'artifacts',
    responses: { 200: json('The names.', STRINGS) },
  },
  'GET /apps/{app_name}/users/{user_id}/sessions/{session_id}/artifacts/{artifact_name}/versions': {
    operationId: 'list_artifact_versions',
    summary: "List an artifact's version numbers",
    tag: 'artifacts',
    responses: { 200: json('The versions.', { type: 'array', items: { type: 'integer' } }) },
  },
  'GET /apps/{app_name}/users/{user_id}/sessions/{session_id}/artifacts/{artifact_name}': {
    operationId: 'load_artifact',
    summary: 'Load an artifact (the latest version by default)',
    tag: 'artifacts',
    query: [{ name: 'version', description: 'The version to load.', schema: { type: 'integer' } }],
    responses: { 200: json('The artifact.', schemaRef('Part')) },
  },
  'DELETE /apps/{app_name}/users/{user_id}/sessions/{session_id}/artifacts/{artifact_name}': {
    operationId: 'delete_artifact',
    summary: 'Delete an artifact (every version)',
    tag: 'artifacts',
    responses: { 200: json('`null`', NULL) },
  },
  'PATCH /apps/{app_name}/users/{user_id}/memory': {
    operationId: 'add_session_to_memory',
    summary: 'Add a session to the memory service',
    tag: 'memory',
    body: body('UpdateMemoryRequest'),
    responses: { 200: json('`null`', NULL) },
  },
  'POST /run': {
    operationId: 'run_agent',
    summary: 'Run an agent, answering every event at the end',
    tag: 'run',
    body: body('RunAgentRequest'),
    responses: {
      200: json('The events of the run.', { type: 'array', items: schemaRef('Event') }),
    },
  },
  'POST /run_sse': {
    operationId: 'run_agent_sse',
    summary: 'Run an agent, streaming its events',
    description:
      'One `data: <event JSON>` frame per event (partial ones first with `streaming: true`); a ' +
      'failure after the stream started ends it with `data: {"error", "error_details"}`.',
    tag: 'run',
    body: body('RunAgentRequest'),
    responses: {
      200: {
        description: 'Server-sent events.',
        contentType: 'text/event-stream',
        schema: { type: 'string' },
      },
    },
  },
  'GET /dev/apps/{app_name}/debug/trace/session/{session_id}': {
    operationId: 'get_session_trace',
    summary: "The spans of a session's invocations",
    tag: 'debug',
    responses: { 200: json('The spans, in start order.', { type: 'array', items: ANY_OBJECT }) },
  },
  'GET /dev/apps/{app_name}/debug/trace/{event_id}': {
    operationId: 'get_event_trace',
    summary: 'The attributes of the span that produced an event',
    tag: 'debug',
    responses: { 200: json('The span attributes with trace_id and span_id.', ANY_OBJECT) },
  },
  'GET /dev/apps/{app_name}/users/{user_id}/sessions/{session_id}/cache_performance': {
    operationId: 'get_cache_performance',
    summary: "The context-cache report of a session's agents (CachePerformanceAnalyzer)",
    tag: 'debug',
    query: [
      {
        name: 'agent_name',
        description: 'Report on this agent only (every agent with cache metadata by default).',
        schema: STRING,
      },
    ],
    responses: {
      200: json('`[{agentName, report}]`, one entry per agent.', {
        type: 'array',
        items: schemaRef('AgentCachePerformance'),
      }),
    },
  },
  'GET /dev/apps/{app_name}/graph': {
    operationId: 'get_app_graph_dot',
    summary: "The app's agent graph",
    tag: 'graph',
    query: [darkMode(true)],
    responses: { 200: DOT },
  },
  'GET /dev/apps/{app_name}/users/{user_id}/sessions/{session_id}/events/{event_id}/graph': {
    operationId: 'get_event_graph',
    summary: 'The agent graph with one event (and the workflow path run up to it) highlighted',
    tag: 'graph',
    responses: { 200: json('`{dotSrc}`, or `{}` for an unknown event.', ANY_OBJECT) },
  },
  'GET /dev/apps/{app_name}/build_graph': {
    operationId: 'get_app_info',
    summary: 'The app, its agent tree and its workflow graphs, for the dev UI',
    tag: 'graph',
    responses: {
      200: json('`{name, root_agent, plugins?, readme?}` (snake_case).', ANY_OBJECT),
    },
  },
  'GET /dev/apps/{app_name}/build_graph_image': {
    operationId: 'get_app_info_image',
    summary:
      'The agent tree or workflow at a node and each workflow below it as DOT, keyed by path',
    tag: 'graph',
    query: [
      darkMode(false),
      {
        name: 'node',
        description: 'A `/`-separated path of agent and workflow node names.',
        schema: STRING,
      },
    ],
    responses: {
      200: json('`{<path>: {dotSrc}}`; an agent without sub-agents or workflows is left out.', {
        type: 'object',
        additionalProperties: { type: 'object', properties: { dotSrc: STRING } },
      }),
    },
  },
  'POST /dev/apps/{app_name}/builder/save': {
    operationId: 'builder_save',
    summary: "Save the agent builder's YAML files (a draft with tmp=true)",
    tag: 'builder',
    query: [
      { name: 'tmp', description: 'Write the draft only.', schema: { ...BOOLEAN, default: false } },
    ],
    body: {
      contentType: 'multipart/form-data',
      required: true,
      schema: {
        type: 'object',
        properties: {
          files: {
            type: 'array',
            items: { type: 'string', contentMediaType: 'application/x-yaml' },
          },
        },
        required: ['files'],
      },
    },
    responses: { 200: json('Whether everything was written.', BOOLEAN) },
  },
  'POST /dev/apps/{app_name}/builder/cancel': {
    operationId: 'builder_cancel',
    summary: "Discard the agent builder's draft",
    tag: 'builder',
    responses: { 200: json('Whether the draft is gone.', BOOLEAN) },
  },
  'GET /dev/apps/{app_name}/builder': {
    operationId: 'get_agent_builder',
    summary: "An app's YAML (root_agent.yaml by default)",
    tag: 'builder',
    query: [
      {
        name: 'file_path',
        description: 'A .yaml/.yml path inside the app folder.',
        schema: STRING,
      },
      { name: 'tmp', description: 'Read from the draft.', schema: { ...BOOLEAN, default: false } },
    ],
    responses: {
      200: {
        description: 'The YAML text; empty when there is no such file.',
        contentType: 'application/x-yaml',
        schema: STRING,
      },
    },
  },
  'GET /': {
    operationId: 'redirect_root_to_dev_ui',
    summary: 'Redirect to the dev UI',
    tag: 'dev UI',
    responses: { 302: { description: 'To /dev-ui/.' } },
  },
  'GET /dev-ui': {
    operationId: 'redirect_to_dev_ui',
    summary: 'Redirect to the dev UI',
    tag: 'dev UI',
    responses: { 302: { description: 'To /dev-ui/.' } },
  },
  'GET /dev-ui/config': {
    operationId: 'get_ui_config',
    summary: "The dev UI's logo settings",
    tag: 'dev UI',
    responses: {
      200: json('`{logo_text, logo_image_url}`', {
        type: 'object',
        properties: {
          logo_text: { type: ['string', 'null'] },
          logo_image_url: { type: ['string', 'null'] },
        },
      }),
    },
  },
  'GET /dev-ui/{path}': {
    operationId: 'get_dev_ui_file',
    summary: 'A file of the built dev UI (index.html for client routes)',
    description:
      '`path` may hold `/`. 503 with a page saying to build the UI when it is not built.',
    tag: 'dev UI',
    responses: { 200: { description: 'The file.', contentType: '*/*' } },
  },
  ...EVAL_OPERATIONS,
};
