import { useState } from 'preact/hooks';
import type { LiveModality } from './live-url';
import type { LiveSession } from './use-live-session';

/** Props of LivePanel. */
export interface LivePanelProps {
  live: LiveSession;
  /** Whether live mode can start (an app is picked and no text run is going). */
  canStart: boolean;
}

const STATUS_TEXT = {
  off: 'Live mode is off.',
  starting: 'Connecting…',
  live: 'Live: listening and speaking.',
  stopping: 'Stopping…',
} as const;

/**
 * The live mode controls above the message box: Start/Stop live, spoken
 * or text answers (the `modalities` asked of `/run_live`), the
 * session's status (with counters the browser tests read: chunks sent,
 * audio chunks scheduled, played and queued), the live transcript and the error
 * the last session ended with.
 */
export function LivePanel({ live, canStart }: LivePanelProps) {
  const [modality, setModality] = useState<LiveModality>('AUDIO');
  const active = live.status !== 'off';
  const playback = live.playback;
  return (
    <section class="live-panel" aria-label="Live mode">
      <div class="row live-head">
        {active ? (
          <button
            type="button"
            class="danger"
            onClick={live.stop}
            disabled={live.status === 'stopping'}
          >
            Stop live
          </button>
        ) : (
          <button type="button" onClick={() => void live.start(modality)} disabled={!canStart}>
            Start live
          </button>
        )}
        <select
          aria-label="Live answers"
          value={modality}
          disabled={active}
          onChange={(event) => setModality(event.currentTarget.value as LiveModality)}
        >
          <option value="AUDIO">Spoken answers</option>
          <option value="TEXT">Text answers</option>
        </select>
        <span
          class="muted small"
          data-testid="live-status"
          data-status={live.status}
          data-chunks-sent={live.chunksSent}
          data-audio-scheduled={playback?.scheduled ?? 0}
          data-audio-played={playback?.played ?? 0}
          data-audio-queued={playback?.queued ?? 0}
          data-audio-state={playback?.state ?? 'none'}
          aria-live="polite"
        >
          {STATUS_TEXT[live.status]}
          {active && ` Sent ${live.chunksSent} audio chunks; played ${playback?.played ?? 0}.`}
        </span>
      </div>
      {live.error && (
        <p class="run-error" role="alert" data-testid="live-error">
          {live.error}
        </p>
      )}
      {live.transcript.entries.length > 0 && (
        <div class="live-transcript" role="log" aria-label="Live transcript">
          {live.transcript.entries.map((entry) => (
            <p
              key={entry.id}
              class={`transcript-entry transcript-${entry.speaker}`}
              data-testid="transcript-entry"
              data-speaker={entry.speaker}
              data-final={String(entry.final)}
            >
              <span class="strong">{entry.speaker === 'user' ? 'You' : 'Agent'}:</span> {entry.text}
              {entry.interrupted && <span class="muted small"> (interrupted)</span>}
            </p>
          ))}
        </div>
      )}
    </section>
  );
}
