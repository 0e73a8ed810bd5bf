import type { WSContext } from 'hono/ws';
import { LiveRequestQueue } from '../context/live-request-queue.js';
import { AppNotFoundError } from '../errors/app-not-found-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { RequestValidationError } from '../errors/request-validation-error.js';
import { SessionNotFoundError } from '../errors/session-not-found-error.js';
import { logger } from '../utils/logger.js';
import { publicErrorMessage } from './error-response.js';
import { closeReason, LIVE_CLOSE_CODES } from './live-close-codes.js';
import { parseLiveRequestFrame } from './live-request-wire.js';
import type { RouteContext } from './route-context.js';
import { readRunLiveQuery } from './run-live-query.js';
import { eventToWireJson } from './wire-json.js';

/** WebSocket `readyState` values. */
const OPEN = 1;

/**
 * One `/run_live` socket, from the upgrade to the close: reads the query,
 * checks the session, runs `Runner.runLive` on a LiveRequestQueue fed by the
 * socket's frames, and sends each event as its wire JSON in a text frame.
 * Frames that arrive before the run starts wait in the queue. The socket is
 * closed with the codes of `LIVE_CLOSE_CODES`; a socket the client closes
 * (or drops) closes the queue and aborts the run.
 */
export class LiveSocketSession {
  private readonly queue = new LiveRequestQueue();
  private readonly stop = new AbortController();
  private socket: WSContext | undefined;
  private ended = false;

  /** `params` is the upgrade request's query string. */
  constructor(
    private readonly route: RouteContext,
    private readonly params: URLSearchParams,
  ) {}

  /** The socket is open: start the run. Resolves when the run is over and the socket closed. */
  async open(socket: WSContext): Promise<void> {
    this.socket = socket;
    const { options, runners, runs } = this.route;
    let runOver: (() => void) | undefined;
    try {
      const query = readRunLiveQuery(this.params, options.defaultAppName);
      const { runner } = await runners.get(query.appName);
      const { appName, userId, sessionId } = query;
      if (!options.autoCreateSession) {
        const session = await options.sessionService.getSession({ appName, userId, sessionId });
        if (!session) throw new SessionNotFoundError({ sessionId, message: 'Session not found' });
      }
      if (this.ended) return;
      runOver = runs.start();
      const abortSignal = AbortSignal.any([this.stop.signal, this.route.shutdown]);
      const runConfig = {
        ...query.runConfig,
        ...(options.maxLlmCalls === undefined ? {} : { maxLlmCalls: options.maxLlmCalls }),
      };
      for await (const event of runner.runLive({
        userId,
        sessionId,
        liveRequestQueue: this.queue,
        runConfig,
        abortSignal,
      })) {
        if (socket.readyState !== OPEN) break;
        socket.send(JSON.stringify(eventToWireJson(event)));
      }
      this.close(LIVE_CLOSE_CODES.normal, 'Live run ended');
    } catch (error) {
      this.closeForError(error);
    } finally {
      runOver?.();
    }
  }

  /** A frame from the client: a LiveRequest for the queue, or a close for a frame that is none. */
  message(data: unknown): void {
    if (this.ended) return;
    if (typeof data !== 'string') {
      this.close(
        LIVE_CLOSE_CODES.unsupportedData,
        'Binary frames are not supported: send each LiveRequest as a JSON text frame',
      );
      return;
    }
    try {
      this.queue.send(parseLiveRequestFrame(data));
    } catch (error) {
      const issues = RequestValidationError.isInstance(error) ? error.issues : [];
      const detail = issues.map((issue) => `${issue.loc.join('.')}: ${issue.msg}`).join('; ');
      logger.warn(`A /run_live frame is not a valid LiveRequest (${detail}).`);
      this.close(LIVE_CLOSE_CODES.invalidPayload, `Invalid LiveRequest: ${detail}`);
    }
  }

  /** The socket closed (either side): the queue is closed and the run stopped. */
  closed(): void {
    this.ended = true;
    this.queue.close();
    this.stop.abort();
  }

  private closeForError(error: unknown): void {
    const { shutdown } = this.route;
    if (shutdown.aborted) {
      this.close(LIVE_CLOSE_CODES.goingAway, 'Server shutting down');
      return;
    }
    // The client went away: the run's abort is ours and there is no one to tell.
    if (this.stop.signal.aborted) return;
    if (SessionNotFoundError.isInstance(error)) {
      this.close(LIVE_CLOSE_CODES.protocolError, 'Session not found');
      return;
    }
    if (AppNotFoundError.isInstance(error) || InvalidArgumentError.isInstance(error)) {
      this.close(LIVE_CLOSE_CODES.policyViolation, clientErrorReason(error));
      return;
    }
    logger.error('Error during a /run_live session.', error);
    const exposeMessages = this.route.options.exposeErrorMessages ?? false;
    const reason = publicErrorMessage(error, exposeMessages) ?? 'Internal Server Error';
    this.close(LIVE_CLOSE_CODES.internalError, reason);
  }

  private close(code: number, reason: string): void {
    if (!this.socket || this.socket.readyState !== OPEN) return;
    this.socket.close(code, closeReason(reason));
  }
}

function clientErrorReason(error: unknown): string {
  if (AppNotFoundError.isInstance(error)) return `App not found: ${error.appName}`;
  if (RequestValidationError.isInstance(error)) {
    return error.issues.map((issue) => `${issue.loc.join('.')}: ${issue.msg}`).join('; ');
  }
  return (error as Error).message;
}
