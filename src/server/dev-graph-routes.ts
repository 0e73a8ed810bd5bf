import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Hono } from 'hono';
import { getFunctionCalls, getFunctionResponses } from '../events/event-predicates.js';
import { agentGraphDot, type HighlightPair } from './agent-graph.js';
import { navigateToNode, serializeAppInfo } from './app-info.js';
import { readBooleanQuery } from './read-request.js';
import { sessionPath, type RouteContext } from './route-context.js';
import { subWorkflows, workflowGraphDot } from './workflow-graph-dot.js';
import { workflowRunPaths } from './workflow-run-paths.js';

/**
 * The graph routes of `adk web` (adk-python's dev server), as Graphviz DOT:
 * - `GET /dev/apps/{app}/graph?dark_mode=` → `{dotSrc}` of the app's agent
 *   tree (dark colours by default, as Python draws them);
 * - `GET /dev/apps/{app}/users/{user}/sessions/{session}/events/{event}/graph`
 *   → `{dotSrc}` with the event's edges highlighted (author → called tools,
 *   answered tools → author, or the author alone) and, in a workflow, the
 *   nodes its invocation ran up to that event (`workflowRunPaths`), or `{}`
 *   when the session has no such event;
 * - `GET /dev/apps/{app}/build_graph` → the app as adk-python's
 *   `serialize_app_info` describes it (`{name, root_agent, plugins?,
 *   readme?}`, snake_case; `serializeAppInfo`), with the app folder's
 *   README.md when `agentsDirectory` holds one;
 * - `GET /dev/apps/{app}/build_graph_image?dark_mode=&node=` → `{<path>:
 *   {dotSrc}}` for the agent or node at `node` (a `/`-separated path of
 *   agent and node names, the root by default) and every workflow below it,
 *   each keyed by its path ('' for the root), drawn by `workflowGraphDot`:
 *   a workflow as its graph, an agent as the tree of its sub-agents (left
 *   out when it has none); `dark_mode` defaults to false, as in Python; an
 *   unknown node is 404.
 * An unknown app is 404, an invalid app name 400.
 */
export function registerDevGraphRoutes(
  api: Hono,
  { runners, options }: RouteContext,
  agentsDirectory?: string,
): void {
  api.get('/dev/apps/:app_name/build_graph', async (context) => {
    const { appName } = sessionPath(context);
    const { app } = await runners.get(appName);
    return context.json(serializeAppInfo(app, await readme(agentsDirectory, appName)));
  });

  api.get('/dev/apps/:app_name/build_graph_image', async (context) => {
    const { appName } = sessionPath(context);
    const { app } = await runners.get(appName);
    const darkMode = readBooleanQuery(context, 'dark_mode', false);
    const node = context.req.query('node') ?? '';
    const root = serializeAppInfo(app)['root_agent'] as Record<string, unknown>;
    const target = node === '' ? root : navigateToNode(root, node);
    if (!target) return context.json({ detail: `Node not found: ${node}` }, 404);
    const drawings = subWorkflows(target, node);
    // The target itself is drawn even when it is no workflow (as a tree of its sub-agents).
    if (!drawings.has(node)) drawings.set(node, target);
    const results: Record<string, { dotSrc: string }> = {};
    for (const [drawingPath, info] of drawings) {
      const dotSrc = workflowGraphDot(info, { darkMode });
      if (dotSrc !== '') results[drawingPath] = { dotSrc };
    }
    return context.json(results);
  });

  api.get('/dev/apps/:app_name/graph', async (context) => {
    const { appName } = sessionPath(context);
    const { app } = await runners.get(appName);
    const darkMode = readBooleanQuery(context, 'dark_mode', true);
    return context.json({ dotSrc: await agentGraphDot(app.rootAgent, { darkMode }) });
  });

  api.get(
    '/dev/apps/:app_name/users/:user_id/sessions/:session_id/events/:event_id/graph',
    async (context) => {
      const { appName, userId, sessionId } = sessionPath(context);
      const eventId = context.req.param('event_id');
      const session = await options.sessionService.getSession({ appName, userId, sessionId });
      const event = session?.events.find((candidate) => candidate.id === eventId);
      if (!event) return context.json({});
      const { app } = await runners.get(appName);
      const calls = getFunctionCalls(event);
      const responses = getFunctionResponses(event);
      const highlightPairs: HighlightPair[] =
        calls.length > 0
          ? calls.map((call) => [event.author, call.name ?? ''] as const)
          : responses.length > 0
            ? responses.map((response) => [response.name ?? '', event.author] as const)
            : [[event.author, '']];
      const darkMode = readBooleanQuery(context, 'dark_mode', true);
      const workflowRun = workflowRunPaths(session?.events ?? [], eventId);
      return context.json({
        dotSrc: await agentGraphDot(app.rootAgent, { highlightPairs, darkMode, workflowRun }),
      });
    },
  );
}

/** The app folder's README.md, when there is an agents directory and the file can be read. */
async function readme(
  agentsDirectory: string | undefined,
  appName: string,
): Promise<string | undefined> {
  if (agentsDirectory === undefined) return undefined;
  try {
    return await readFile(path.join(agentsDirectory, appName, 'README.md'), 'utf8');
  } catch {
    return undefined;
  }
}
