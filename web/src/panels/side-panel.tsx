import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { WireEvent } from '../api/types';
import { EvalTab } from '../eval/eval-tab';
import { useEvalStore } from '../eval/eval-store';
import { EventsTab } from '../events/events-tab';
import { Tabs, type TabSpec } from '../ui/tabs';
import { ArtifactsPanel } from './artifacts-panel';
import { CachePanel } from './cache-panel';
import { GraphPanel } from './graph-panel';
import type { PanelProps } from './panel-props';
import { StatePanel } from './state-panel';
import { TracePanel } from './trace-panel';

/** Props of SidePanel: the panels' props, the events to list, the selection setter and the rewind action. */
export interface SidePanelProps extends PanelProps {
  events: readonly WireEvent[];
  onSelectEvent: (eventId: string | null) => void;
  /** Rewinds the session to before an invocation ("Rewind to here" in the Events tab). */
  onRewind?: (invocationId: string) => void;
  /** Disables the rewind action (while a run or a rewind is in progress). */
  rewindDisabled?: boolean;
}

/** The inspection tabs of the current session (Events, State, Artifacts, Trace, Cache, Graph) and the app's Eval tab. */
export function SidePanel(props: SidePanelProps) {
  const { events, onSelectEvent, onRewind, rewindDisabled, ...panelProps } = props;
  const [tab, setTab] = useState('events');
  // Kept here, above the tabs, so the Eval tab's selection and last run survive a tab switch.
  const evalStore = useEvalStore(panelProps.appName);
  const tabs: TabSpec[] = [
    {
      id: 'events',
      label: 'Events',
      render: () => (
        <EventsTab
          events={events}
          selectedEventId={panelProps.selectedEventId}
          onSelect={onSelectEvent}
          {...(onRewind ? { onRewind } : {})}
          {...(rewindDisabled === undefined ? {} : { rewindDisabled })}
        />
      ),
    },
    {
      id: 'state',
      label: 'State',
      render: () => needsSession(panelProps, () => <StatePanel {...panelProps} />),
    },
    {
      id: 'artifacts',
      label: 'Artifacts',
      render: () => needsSession(panelProps, () => <ArtifactsPanel {...panelProps} />),
    },
    {
      id: 'trace',
      label: 'Trace',
      render: () => needsSession(panelProps, () => <TracePanel {...panelProps} />),
    },
    {
      id: 'cache',
      label: 'Cache',
      render: () => needsSession(panelProps, () => <CachePanel {...panelProps} />),
    },
    { id: 'graph', label: 'Graph', render: () => <GraphPanel {...panelProps} /> },
    {
      id: 'eval',
      label: 'Eval',
      render: () => (
        <EvalTab
          appName={panelProps.appName}
          userId={panelProps.userId}
          sessionId={panelProps.sessionId}
          store={evalStore}
        />
      ),
    },
  ];
  return (
    <section class="side-panel" aria-label="Inspector">
      <Tabs idPrefix="side" label="Inspector" tabs={tabs} selected={tab} onSelect={setTab} />
    </section>
  );
}

function needsSession(props: PanelProps, render: () => ComponentChildren): ComponentChildren {
  return props.sessionId ? render() : <p class="muted">Create or pick a session first.</p>;
}
