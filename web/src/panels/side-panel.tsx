import { useState } from 'preact/hooks';
import type { WireEvent } from '../api/types';
import { EventsTab } from '../events/events-tab';
import { Tabs, type TabSpec } from '../ui/tabs';
import type { PanelProps } from './panel-props';

/** Props of SidePanel: the panels' props, the events to list and the selection setter. */
export interface SidePanelProps extends PanelProps {
  events: readonly WireEvent[];
  onSelectEvent: (eventId: string | null) => void;
}

/** The inspection tabs of the current session: Events, State, Artifacts, Trace, Graph. */
export function SidePanel(props: SidePanelProps) {
  const { events, onSelectEvent, ...panelProps } = props;
  const [tab, setTab] = useState('events');
  const tabs: TabSpec[] = [
    {
      id: 'events',
      label: 'Events',
      render: () => (
        <EventsTab
          events={events}
          selectedEventId={panelProps.selectedEventId}
          onSelect={onSelectEvent}
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
