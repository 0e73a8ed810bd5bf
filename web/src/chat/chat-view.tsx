import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { WireFunctionCall } from '../api/types';
import type { CallFailures } from './call-failures';
import { chatItems, type ChatEvents } from './chat-model';
import { MessageBubble } from './message-bubble';

/** Props of ChatView. */
export interface ChatViewProps {
  chat: ChatEvents;
  /** The calls a failed run left without a response, by call id. */
  failures: CallFailures;
  /** Errors of the latest run (HTTP errors, error frames), shown after the messages. */
  runErrors: readonly string[];
  running: boolean;
  /** Whether a message can be sent (an app is picked). */
  ready: boolean;
  sessionId: string | null;
  onSend: (text: string) => void;
  onStop: () => void;
  /** Downloads the session as JSON (the file _Import session_ reads). */
  onExport: () => void;
  onAnswer: (call: WireFunctionCall, eventId: string, response: Record<string, unknown>) => void;
  /** Shown between the conversation and the message box (the live mode controls). */
  beforeComposer?: ComponentChildren;
  /** What an empty conversation says; default "Send a message to start the conversation." */
  emptyText?: string;
}

/**
 * The conversation and the message box: Enter sends, Shift+Enter adds a
 * line; Stop aborts the streaming run.
 */
export function ChatView(props: ChatViewProps) {
  const {
    chat,
    failures,
    runErrors,
    running,
    ready,
    sessionId,
    onSend,
    onStop,
    onExport,
    onAnswer,
    beforeComposer,
    emptyText = 'Send a message to start the conversation.',
  } = props;
  const [text, setText] = useState('');
  const log = useRef<HTMLDivElement>(null);
  const items = chatItems(chat, failures);

  useEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [chat, failures, runErrors]);

  const send = (): void => {
    const message = text.trim();
    if (!message || running || !ready) return;
    onSend(message);
    setText('');
  };

  return (
    <section class="chat" aria-labelledby="chat-heading">
      <div class="section-head">
        <h2 id="chat-heading">Chat</h2>
        <div class="row chat-head-row">
          <span class="muted small mono chat-session-id">
            {sessionId ? `session ${sessionId}` : 'no session yet'}
          </span>
          {sessionId && (
            <button type="button" onClick={onExport} disabled={running}>
              Export session
            </button>
          )}
        </div>
      </div>
      <div class="chat-log" role="log" aria-label="Conversation" ref={log} tabIndex={0}>
        {items.length === 0 && runErrors.length === 0 && <p class="muted empty">{emptyText}</p>}
        {items.map((item) => {
          if (item.kind === 'message') {
            return (
              <MessageBubble key={item.id} item={item} canAnswer={!running} onAnswer={onAnswer} />
            );
          }
          if (item.kind === 'transfer') {
            return (
              <p key={item.id} class="notice" data-testid="transfer">
                <span class="mono">{item.from}</span> transferred to{' '}
                <span class="mono">{item.to}</span>
              </p>
            );
          }
          return (
            <p key={item.id} class="notice">
              <span class="mono">{item.author}</span> escalated
            </p>
          );
        })}
        {runErrors.map((error, index) => (
          <p key={index} class="run-error" role="alert" data-testid="run-error">
            {error}
          </p>
        ))}
        {running && (
          <p class="muted small" aria-live="polite">
            Running…
          </p>
        )}
      </div>
      {beforeComposer}
      <form
        class="composer"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <label class="visually-hidden" for="message-input">
          Message
        </label>
        <textarea
          id="message-input"
          rows={2}
          placeholder={
            ready ? 'Message (Enter to send, Shift+Enter for a new line)' : 'Pick an app'
          }
          value={text}
          disabled={!ready}
          onInput={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
              event.preventDefault();
              send();
            }
          }}
        />
        {running ? (
          <button type="button" class="danger" onClick={onStop}>
            Stop
          </button>
        ) : (
          <button type="submit" class="primary" disabled={!ready || text.trim() === ''}>
            Send
          </button>
        )}
      </form>
    </section>
  );
}
