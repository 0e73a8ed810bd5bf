import type { WireSession } from '../api/types';

/** What the side panel gives every tab panel (State, Artifacts, Trace, Graph). */
export interface PanelProps {
  appName: string;
  userId: string;
  sessionId: string;
  /** The session as last known (state kept live by applying each final event's stateDelta), null while loading. */
  session: WireSession | null;
  /** Increments whenever a final event arrives or the session is re-fetched: panels refetch their data on change. */
  revision: number;
  /** The event selected in the Events tab, or null. */
  selectedEventId: string | null;
}
