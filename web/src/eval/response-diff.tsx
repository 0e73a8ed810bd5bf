import { useMemo } from 'preact/hooks';
import { diffWords, type DiffSegment } from './word-diff';

function Side({ segments, empty }: { segments: DiffSegment[]; empty: string }) {
  if (segments.length === 0) return <p class="muted">{empty}</p>;
  return (
    <p class="diff-text">
      {segments.map((segment, index) =>
        segment.kind === 'same' ? (
          <span key={index}>{segment.text}</span>
        ) : segment.kind === 'removed' ? (
          <del key={index} class="diff-removed">
            {segment.text}
          </del>
        ) : (
          <ins key={index} class="diff-added">
            {segment.text}
          </ins>
        ),
      )}
    </p>
  );
}

/**
 * Expected and actual final responses side by side, word-level diff
 * highlighted: words missing from the actual response struck out on the
 * expected side, words it added marked on the actual side.
 */
export function ResponseDiff({ expected, actual }: { expected: string; actual: string }) {
  const diff = useMemo(() => diffWords(expected, actual), [expected, actual]);
  return (
    <div class="side-by-side" role="group" aria-label="Final response">
      <div class="side" aria-label="Expected final response">
        <div class="side-title">Expected</div>
        <Side segments={diff.expected} empty="(no final response)" />
      </div>
      <div class="side" aria-label="Actual final response">
        <div class="side-title">Actual</div>
        <Side segments={diff.actual} empty="(no final response)" />
      </div>
    </div>
  );
}
