import { useMemo } from 'preact/hooks';
import { CopyButton, JsonTree } from './json-tree';
import type { PanelProps } from './panel-props';
import { groupState, latestStateChange } from './state-groups';
import './panels.css';

/**
 * The session state, live: grouped by scope (session, `app:`, `user:`,
 * `temp:`), each group a collapsible JSON tree with a copy button; keys the
 * latest state-changing event set are marked "changed".
 */
export function StatePanel({ session }: PanelProps) {
  const state = session?.state;
  const events = session?.events;
  const groups = useMemo(() => groupState(state ?? {}), [state]);
  const change = useMemo(() => latestStateChange(events ?? []), [events]);
  if (!session) return <p class="panel-empty">Loading the session…</p>;
  return (
    <div class="inspect-panel state-panel">
      <div class="panel-toolbar">
        <h3>State</h3>
        <CopyButton
          label="Copy the whole state as JSON"
          text={() => JSON.stringify(session.state, null, 2)}
        />
      </div>
      {change && (
        <p class="panel-note">
          Marked keys were changed by the latest state update (event{' '}
          <span class="mono">{change.eventId}</span> by {change.author}).
        </p>
      )}
      {groups.length === 0 ? (
        <p class="panel-empty">The state is empty.</p>
      ) : (
        groups.map((group) => (
          <section key={group.scope} class="state-group" aria-label={group.title}>
            <div class="panel-toolbar">
              <h4>{group.title}</h4>
              <CopyButton
                label={`Copy ${group.title} as JSON`}
                text={() => JSON.stringify(group.entries, null, 2)}
              />
            </div>
            <JsonTree value={group.entries} label={group.title} changed={change?.keys} />
          </section>
        ))
      )}
    </div>
  );
}
