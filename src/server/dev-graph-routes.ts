import type { Hono } from 'hono';
import { getFunctionCalls, getFunctionResponses } from '../events/event-predicates.js';
import { agentGraphDot, type HighlightPair } from './agent-graph.js';
import { readBooleanQuery } from './read-request.js';
import { sessionPath, type RouteContext } from './route-context.js';

/**
 * The graph routes of `adk web` (adk-python's dev server), as Graphviz DOT:
 * - `GET /dev/apps/{app}/graph?dark_mode=` → `{dotSrc}` of the app's agent
 *   tree (dark colours by default, as Python draws them);
 * - `GET /dev/apps/{app}/users/{user}/sessions/{session}/events/{event}/graph`
 *   → `{dotSrc}` with the event's edges highlighted (author → called tools,
 *   answered tools → author, or the author alone), or `{}` when the session
 *   has no such event.
 * An unknown app is 404, an invalid app name 400.
 */
export function registerDevGraphRoutes(api: Hono, { runners, options }: RouteContext): void {
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
      return context.json({
        dotSrc: await agentGraphDot(app.rootAgent, { highlightPairs, darkMode }),
      });
    },
  );
}
