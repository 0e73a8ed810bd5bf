import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { WireContent, WireEvent } from '../api/types';
import { closeText, LiveConnection } from './live-connection';
import type { LiveModality } from './live-url';
import { audioChunks, withoutAudio } from './live-audio-parts';
import {
  applyTranscription,
  EMPTY_TRANSCRIPT,
  isTranscriptionOnly,
  type LiveTranscript,
} from './live-transcript';
import { MicrophoneCapture } from './microphone-capture';
import { PcmPlayer, type PlaybackStats } from './pcm-player';

/** Where a live session is. */
export type LiveStatus = 'off' | 'starting' | 'live' | 'stopping';

/** What the live controls show. */
export interface LiveState {
  readonly status: LiveStatus;
  readonly transcript: LiveTranscript;
  /** Microphone chunks sent in this session. */
  readonly chunksSent: number;
  /** Playback of the model's speech (null before the first session). */
  readonly playback: PlaybackStats | null;
  /** Why the last session failed or ended abnormally. */
  readonly error: string | null;
}

/** What `useLiveSession` needs from the app. */
export interface LiveSessionOptions {
  appName: string;
  userId: string;
  /** The session to go live in: the current one, or a new one the app creates. */
  ensureSession: () => Promise<string>;
  /**
   * Each event for the chat, its audio parts removed; events that are only
   * audio or only a transcription (the live transcript shows those) are not passed.
   */
  onEvent: (event: WireEvent) => void;
  /** The session ended (either side closed it); the app reloads the stored session. */
  onEnded: (sessionId: string) => void;
}

/** The live session: its state and its controls. */
export interface LiveSession extends LiveState {
  /**
   * Opens `/run_live` asking for answers in `modality` (default `AUDIO`:
   * spoken; `TEXT`: streamed text in the chat), starts the microphone and
   * the playback. Call it from a click.
   */
  start: (modality?: LiveModality) => Promise<void>;
  /** Stops the microphone and closes the session. */
  stop: () => void;
  /** Sends a message (typed text) into the open session. */
  sendContent: (content: WireContent) => void;
}

interface Running {
  connection: LiveConnection | null;
  capture: MicrophoneCapture | null;
  player: PcmPlayer;
  sessionId: string | null;
  ended: boolean;
}

const INITIAL: LiveState = {
  status: 'off',
  transcript: EMPTY_TRANSCRIPT,
  chunksSent: 0,
  playback: null,
  error: null,
};

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A voice session with the agent over `/run_live` (the dev UI's live
 * mode): microphone audio goes up as 16 kHz PCM chunks, the model's audio
 * is played as it arrives (and silenced on a barge-in), transcriptions
 * build the transcript while the session lasts, and the other events go to
 * the chat. When the session ends, the transcript is cleared and the app
 * reloads the stored session, whose transcriptions the chat shows.
 */
export function useLiveSession(options: LiveSessionOptions): LiveSession {
  const [state, setState] = useState<LiveState>(INITIAL);
  const running = useRef<Running | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const finish = useCallback((current: Running, error: string | null): void => {
    if (current.ended) return;
    current.ended = true;
    if (running.current === current) running.current = null;
    void current.capture?.stop();
    current.connection?.close();
    void current.player.close();
    // The reloaded session shows what was said in the chat: the transcript has done its part.
    setState((previous) => ({ ...previous, status: 'off', error, transcript: EMPTY_TRANSCRIPT }));
    if (current.sessionId !== null) optionsRef.current.onEnded(current.sessionId);
  }, []);

  const onEvent = useCallback((current: Running, event: WireEvent): void => {
    if (event.interrupted === true) current.player.interrupt();
    for (const chunk of audioChunks(event)) current.player.play(chunk);
    setState((previous) => {
      const transcript = applyTranscription(previous.transcript, event);
      return transcript === previous.transcript ? previous : { ...previous, transcript };
    });
    const shown = withoutAudio(event);
    if (shown && !isTranscriptionOnly(shown)) optionsRef.current.onEvent(shown);
  }, []);

  const start = useCallback(
    async (modality: LiveModality = 'AUDIO'): Promise<void> => {
      if (running.current) return;
      // Made before any await, inside the click, so the browser lets it play.
      const player = new PcmPlayer((playback) => {
        setState((previous) => ({ ...previous, playback }));
      });
      const current: Running = {
        connection: null,
        capture: null,
        player,
        sessionId: null,
        ended: false,
      };
      running.current = current;
      setState({ ...INITIAL, status: 'starting', playback: player.stats });
      try {
        await player.resume();
        const { appName, userId, ensureSession } = optionsRef.current;
        const sessionId = await ensureSession();
        // Stopped while the session was being made: nothing to open.
        if (current.ended) return;
        current.sessionId = sessionId;
        const connection = new LiveConnection(
          { appName, userId, sessionId: current.sessionId, modalities: [modality] },
          {
            onFrame: (frame) => {
              if (frame.kind === 'event') onEvent(current, frame.event);
              else setState((previous) => ({ ...previous, error: frame.message }));
            },
            onClose: (close) =>
              finish(current, close.normal ? null : closeText(close.code, close.reason)),
          },
        );
        current.connection = connection;
        await connection.opened;
        current.capture = await MicrophoneCapture.start({
          onChunk: (pcm) => {
            connection.sendAudio(pcm);
            setState((previous) => ({ ...previous, chunksSent: previous.chunksSent + 1 }));
          },
        });
        // Stopped (or closed by the server) while the microphone was starting.
        if (current.ended) void current.capture.stop();
        else setState((previous) => ({ ...previous, status: 'live' }));
      } catch (error) {
        finish(current, `Could not start live mode: ${message(error)}`);
      }
    },
    [finish, onEvent],
  );

  const stop = useCallback((): void => {
    const current = running.current;
    if (!current) return;
    setState((previous) => ({ ...previous, status: 'stopping' }));
    void current.capture?.stop();
    if (current.connection) current.connection.close();
    else finish(current, null);
  }, [finish]);

  const sendContent = useCallback((content: WireContent): void => {
    running.current?.connection?.sendContent(content);
  }, []);

  // Leaving the page (or the app) ends the session.
  useEffect(() => () => running.current?.connection?.close(), []);

  return { ...state, start, stop, sendContent };
}
