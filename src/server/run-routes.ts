import type { Hono } from 'hono';
import type { Event } from '../events/event.js';
import { logger } from '../utils/logger.js';
import { runErrorEvent } from './run-error-event.js';
import { prepareRun } from './run-preparation.js';
import type { RouteContext } from './route-context.js';
import { eventToWireJson } from './wire-json.js';

/**
 * `POST /run` with a RunAgentRequest: runs the agent to the end and answers
 * every event of the run as a JSON array (no partial events). Errors before
 * the run are 4xx (see `prepareRun`). A run that fails because the model
 * called a tool the agent lacks answers 200 with its events and a last
 * error event naming the tool (`runErrorEvent`); any other failure during
 * the run gets its status (`statusOfError`, 500 for unexpected ones). A
 * client that disconnects stops the run (status 499, as Python, though no
 * one reads it).
 */
export function registerRunRoutes(app: Hono, route: RouteContext): void {
  app.post('/run', async (context) => {
    const run = await prepareRun(context, route, false);
    const abortSignal = AbortSignal.any([context.req.raw.signal, route.shutdown]);
    const events: Record<string, unknown>[] = [];
    let last: Event | undefined;
    try {
      for await (const event of run.events(abortSignal)) {
        events.push(eventToWireJson(event));
        last = event;
      }
    } catch (error) {
      if (abortSignal.aborted) return new Response(null, { status: 499 });
      const errorEvent = runErrorEvent(error, last);
      if (!errorEvent) throw error;
      logger.warn(`The /run of app ${run.appName} failed: ${(error as Error).message}`);
      events.push(eventToWireJson(errorEvent));
    } finally {
      await run.finish();
    }
    return context.json(events);
  });
}
