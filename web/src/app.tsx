import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import {
  createSession,
  deleteSession,
  getDevUiConfig,
  getSession,
  listApps,
  listSessions,
  rewindSession,
} from './api/adk-api';
import { ApiError } from './api/http';
import { runSse } from './api/sse';
import type {
  DevUiConfig,
  WireContent,
  WireEvent,
  WireFunctionCall,
  WireSession,
} from './api/types';
import { NO_FAILURES, RunCallTracker, type CallFailures } from './chat/call-failures';
import { applyEvent, EMPTY_CHAT, type ChatEvents } from './chat/chat-model';
import { ChatView } from './chat/chat-view';
import { LivePanel } from './live/live-panel';
import { useLiveSession, type LiveSession } from './live/use-live-session';
import { SidePanel } from './panels/side-panel';
import { parseSessionFile } from './sessions/session-import';
import { SessionsSidebar } from './sessions/sessions-sidebar';
import { useTheme } from './ui/theme';
import { readUrlState, writeUrlState } from './url-state';

/** On a narrow window one region shows at a time. */
type View = 'sessions' | 'chat' | 'inspect';

const VIEWS: readonly { id: View; label: string }[] = [
  { id: 'sessions', label: 'Sessions' },
  { id: 'chat', label: 'Chat' },
  { id: 'inspect', label: 'Inspect' },
];

function message(error: unknown): string {
  if (error instanceof ApiError) return `HTTP ${error.status}: ${error.detail}`;
  return error instanceof Error ? error.message : String(error);
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

let localIds = 0;

/** What the user sent, shown at once (the reload after the run brings the stored event). */
function localUserEvent(content: WireContent): WireEvent {
  return {
    id: `local-${++localIds}`,
    invocationId: 'local',
    author: 'user',
    timestamp: Date.now() / 1000,
    content,
  };
}

/**
 * The dev UI: pick an app and a session, chat with the agent over
 * `/run_sse` (streamed), and inspect the session's events, state,
 * artifacts, traces and graph.
 */
export function App() {
  const initial = useRef(readUrlState()).current;
  const [theme, setTheme] = useTheme();
  const [config, setConfig] = useState<DevUiConfig | null>(null);
  const [apps, setApps] = useState<string[]>([]);
  const [appName, setAppName] = useState<string>(initial.app ?? '');
  const [userId, setUserId] = useState(initial.userId ?? 'user');
  const [userDraft, setUserDraft] = useState(userId);
  const [sessions, setSessions] = useState<WireSession[]>([]);
  const [sessionId, setSessionId] = useState<string | null>(initial.session);
  const [session, setSession] = useState<WireSession | null>(null);
  const [chat, setChat] = useState<ChatEvents>(EMPTY_CHAT);
  const [revision, setRevision] = useState(0);
  const [selectedEventId, setSelectedEventId] = useState<string | null>(null);
  const [running, setRunning] = useState<AbortController | null>(null);
  const [runErrors, setRunErrors] = useState<string[]>([]);
  // Calls a failed run left without a response; kept while the session stays open.
  const [failures, setFailures] = useState<CallFailures>(NO_FAILURES);
  const [sessionsError, setSessionsError] = useState<string | null>(null);
  const [appError, setAppError] = useState<string | null>(null);
  const [view, setView] = useState<View>('chat');
  const runningRef = useRef<AbortController | null>(null);
  // The session the current run is for: switching to it (a session the run created) keeps the run.
  const runSessionRef = useRef<string | null>(null);
  const sessionIdRef = useRef(sessionId);
  sessionIdRef.current = sessionId;
  const liveRef = useRef<LiveSession | null>(null);

  useEffect(() => {
    getDevUiConfig().then(setConfig, () => setConfig(null));
    listApps().then(
      (names) => {
        setApps(names);
        // Keep the app from the address when it exists; with a single app, pick it.
        setAppName((current) =>
          current && names.includes(current) ? current : names.length === 1 ? names[0]! : '',
        );
      },
      (error: unknown) => setAppError(`Could not list the apps: ${message(error)}`),
    );
  }, []);

  useEffect(() => {
    writeUrlState({ app: appName || null, session: sessionId, userId });
  }, [appName, sessionId, userId]);

  const refreshSessions = useCallback(async (): Promise<void> => {
    if (!appName) return;
    try {
      setSessions(await listSessions(appName, userId));
      setSessionsError(null);
    } catch (error) {
      setSessionsError(`Could not list the sessions: ${message(error)}`);
    }
  }, [appName, userId]);

  useEffect(() => {
    setSessions([]);
    void refreshSessions();
  }, [refreshSessions]);

  const loadSession = useCallback(
    async (id: string, forgetMissing = true): Promise<void> => {
      try {
        const loaded = await getSession(appName, userId, id);
        setSession(loaded);
        setChat({ finals: loaded.events, partials: [] });
        setRevision((value) => value + 1);
      } catch (error) {
        setSessionsError(`Could not load session ${id}: ${message(error)}`);
        if (forgetMissing && error instanceof ApiError && error.status === 404) setSessionId(null);
      }
    },
    [appName, userId],
  );

  useEffect(() => {
    if (sessionId !== null && sessionId === runSessionRef.current) return;
    runningRef.current?.abort();
    liveRef.current?.stop();
    setSession(null);
    setChat(EMPTY_CHAT);
    setRunErrors([]);
    setFailures(NO_FAILURES);
    setSelectedEventId(null);
    if (appName && sessionId) void loadSession(sessionId);
  }, [appName, sessionId, loadSession]);

  const newSession = async (
    state: Record<string, unknown>,
    events?: WireEvent[],
    forRun = false,
  ): Promise<WireSession> => {
    const created = await createSession(appName, userId, { state, ...(events ? { events } : {}) });
    if (forRun) {
      runSessionRef.current = created.id;
      setSession(created);
    }
    setSessions((list) => [created, ...list.filter((item) => item.id !== created.id)]);
    setSessionId(created.id);
    setView('chat');
    return created;
  };

  const live = useLiveSession({
    appName,
    userId,
    ensureSession: async () => {
      const id = sessionIdRef.current ?? (await newSession({}, undefined, true)).id;
      runSessionRef.current = id;
      return id;
    },
    onEvent: (event) => {
      setChat((current) => applyEvent(current, event));
      if (!event.partial) setRevision((value) => value + 1);
    },
    onEnded: (id) => {
      if (runSessionRef.current === id) runSessionRef.current = null;
      if (sessionIdRef.current === id) void loadSession(id, false);
      void refreshSessions();
    },
  });
  liveRef.current = live;
  const liveActive = live.status !== 'off';

  const run = async (newMessage: WireContent, functionCallEventId?: string): Promise<void> => {
    if (!appName || runningRef.current || liveActive) return;
    let id = sessionId;
    if (!id) {
      try {
        id = (await newSession({}, undefined, true)).id;
      } catch (error) {
        setRunErrors([`Could not create a session: ${message(error)}`]);
        return;
      }
    }
    const controller = new AbortController();
    const calls = new RunCallTracker();
    runningRef.current = controller;
    runSessionRef.current = id;
    setRunning(controller);
    setRunErrors([]);
    setChat((current) => applyEvent(current, localUserEvent(newMessage)));
    try {
      await runSse(
        {
          appName,
          userId,
          sessionId: id,
          newMessage,
          streaming: true,
          ...(functionCallEventId ? { functionCallEventId } : {}),
        },
        (frame) => {
          if (controller.signal.aborted) return;
          if (frame.kind === 'error') {
            setRunErrors((errors) => [...errors, frame.message]);
            const failed = calls.failuresFor(frame);
            if (failed.size > 0) setFailures((current) => new Map([...current, ...failed]));
            return;
          }
          const event = frame.event;
          calls.observe(event);
          setChat((current) => applyEvent(current, event));
          if (!event.partial) {
            const delta = event.actions?.stateDelta;
            if (delta && Object.keys(delta).length > 0) {
              setSession((current) =>
                current ? { ...current, state: { ...current.state, ...delta } } : current,
              );
            }
            setRevision((value) => value + 1);
          }
        },
        controller.signal,
      );
    } catch (error) {
      if (isAbort(error)) setRunErrors((errors) => [...errors, 'Stopped.']);
      else setRunErrors((errors) => [...errors, message(error)]);
    } finally {
      runningRef.current = null;
      runSessionRef.current = null;
      setRunning(null);
      // The stored session is the truth: events with their real ids, state as persisted.
      if (sessionIdRef.current === id) await loadSession(id, false);
      void refreshSessions();
    }
  };

  const answer = (call: WireFunctionCall, eventId: string, response: Record<string, unknown>) => {
    const content: WireContent = {
      role: 'user',
      parts: [
        {
          functionResponse: {
            ...(call.id === undefined ? {} : { id: call.id }),
            name: call.name,
            response,
          },
        },
      ],
    };
    if (live.status !== 'live') return void run(content, eventId);
    // The model waits for the answer in the open live session: it goes there, not into a new run.
    live.sendContent(content);
    setChat((current) => applyEvent(current, localUserEvent(content)));
  };

  const importSession = async (file: File): Promise<void> => {
    try {
      const parsed = parseSessionFile(await file.text());
      await newSession(parsed.state ?? {}, parsed.events);
      setSessionsError(null);
    } catch (error) {
      setSessionsError(`Could not import ${file.name}: ${message(error)}`);
    }
  };

  const removeSession = async (id: string): Promise<void> => {
    try {
      await deleteSession(appName, userId, id);
      setSessions((list) => list.filter((item) => item.id !== id));
      if (id === sessionId) setSessionId(null);
      setSessionsError(null);
    } catch (error) {
      setSessionsError(`Could not delete session ${id}: ${message(error)}`);
    }
  };

  const exportSession = async (): Promise<void> => {
    if (!sessionId) return;
    try {
      const current = await getSession(appName, userId, sessionId);
      const blob = new Blob([JSON.stringify(current, null, 2)], { type: 'application/json' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `session-${current.id}.json`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 0);
    } catch (error) {
      setRunErrors((errors) => [...errors, `Could not export the session: ${message(error)}`]);
    }
  };

  const rewind = async (invocationId: string): Promise<void> => {
    if (!sessionId || runningRef.current || liveActive) return;
    try {
      await rewindSession(appName, userId, sessionId, invocationId);
      await loadSession(sessionId, false);
    } catch (error) {
      setRunErrors((errors) => [...errors, `Could not rewind the session: ${message(error)}`]);
    }
  };

  const commitUser = (): void => {
    const next = userDraft.trim();
    if (!next) {
      setUserDraft(userId);
      return;
    }
    if (next === userId) return;
    setUserId(next);
    setSessionId(null);
  };

  return (
    <div class="app" data-view={view}>
      <header class="app-header">
        <div class="brand">
          {config?.logo_image_url && <img src={config.logo_image_url} alt="" class="logo" />}
          <span class="strong">{config?.logo_text ?? 'ADK dev UI'}</span>
        </div>
        <div class="inline-field">
          <label for="app-picker">App</label>
          <select
            id="app-picker"
            value={appName}
            onChange={(event) => {
              setAppName(event.currentTarget.value);
              setSessionId(null);
            }}
          >
            <option value="" disabled>
              {apps.length === 0 ? 'No apps' : 'Pick an app'}
            </option>
            {apps.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <form
          class="inline-field"
          onSubmit={(event) => {
            event.preventDefault();
            commitUser();
          }}
        >
          <label for="user-id">User ID</label>
          <input
            id="user-id"
            value={userDraft}
            size={10}
            onInput={(event) => setUserDraft(event.currentTarget.value)}
            onBlur={commitUser}
          />
        </form>
        <nav class="view-switch" aria-label="View">
          {VIEWS.map((item) => (
            <button
              key={item.id}
              type="button"
              aria-pressed={view === item.id}
              onClick={() => setView(item.id)}
            >
              {item.label}
            </button>
          ))}
        </nav>
        <button
          type="button"
          class="theme-toggle"
          aria-pressed={theme === 'dark'}
          onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
        >
          Dark theme
        </button>
      </header>
      {appError && (
        <p class="app-error error-text" role="alert">
          {appError}
        </p>
      )}
      {appName ? (
        <>
          <aside class="region region-sessions" aria-label="Sessions sidebar">
            <SessionsSidebar
              sessions={sessions}
              currentId={sessionId}
              error={sessionsError}
              onSelect={(id) => {
                setSessionId(id);
                setView('chat');
              }}
              onCreate={async (state) => {
                await newSession(state);
              }}
              onDelete={removeSession}
              onImport={importSession}
            />
          </aside>
          <main class="region region-chat">
            <ChatView
              chat={chat}
              failures={failures}
              runErrors={runErrors}
              running={running !== null}
              ready={Boolean(appName)}
              sessionId={sessionId}
              onSend={(text) => {
                const content: WireContent = { role: 'user', parts: [{ text }] };
                if (live.status !== 'live') return void run(content);
                live.sendContent(content);
                setChat((current) => applyEvent(current, localUserEvent(content)));
              }}
              onStop={() => runningRef.current?.abort()}
              onExport={() => void exportSession()}
              onAnswer={answer}
              beforeComposer={<LivePanel live={live} canStart={Boolean(appName) && !running} />}
              {...(liveActive ? { emptyText: 'Live: speak; the transcript shows below.' } : {})}
            />
          </main>
          <div class="region region-inspect">
            <SidePanel
              appName={appName}
              userId={userId}
              sessionId={sessionId ?? ''}
              session={session}
              revision={revision}
              selectedEventId={selectedEventId}
              events={chat.finals}
              onSelectEvent={setSelectedEventId}
              onRewind={(invocationId) => void rewind(invocationId)}
              rewindDisabled={running !== null || liveActive}
            />
          </div>
        </>
      ) : (
        <main class="region region-chat welcome">
          <h1>ADK dev UI</h1>
          <p>Pick an app to start.</p>
        </main>
      )}
    </div>
  );
}
