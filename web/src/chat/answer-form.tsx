import { useState } from 'preact/hooks';
import type { WireFunctionCall } from '../api/types';
import { formatJson, JsonView, parseJsonObject } from '../ui/json-view';
import { REQUEST_CONFIRMATION } from './chat-model';

/** Props of AnswerForm. */
export interface AnswerFormProps {
  call: WireFunctionCall;
  /** False while a run is streaming: answers wait until it ends. */
  enabled: boolean;
  onAnswer: (response: Record<string, unknown>) => void;
}

interface ConfirmationArgs {
  originalFunctionCall?: { name?: string; args?: Record<string, unknown> };
  toolConfirmation?: { hint?: string; payload?: unknown };
}

/**
 * The user's answer to a long-running call: Confirm / Reject for a tool
 * confirmation (`adk_request_confirmation`, answered `{confirmed}`), else
 * a JSON response editor checked before sending.
 */
export function AnswerForm({ call, enabled, onAnswer }: AnswerFormProps) {
  if (call.name === REQUEST_CONFIRMATION) {
    const args = (call.args ?? {}) as ConfirmationArgs;
    const original = args.originalFunctionCall;
    const hint = args.toolConfirmation?.hint;
    const payload = args.toolConfirmation?.payload;
    return (
      <div class="answer-form" role="group" aria-label={`Confirm ${original?.name ?? 'tool call'}`}>
        <p>
          The agent asks to run <strong class="mono">{original?.name ?? 'a tool'}</strong>
          {original?.args ? ' with:' : '.'}
        </p>
        {original?.args && <JsonView value={original.args} />}
        {hint && <p class="hint">{hint}</p>}
        <div class="row">
          <button
            type="button"
            class="primary"
            disabled={!enabled}
            onClick={() =>
              onAnswer(payload === undefined ? { confirmed: true } : { confirmed: true, payload })
            }
          >
            Confirm
          </button>
          <button
            type="button"
            class="danger"
            disabled={!enabled}
            onClick={() => onAnswer({ confirmed: false })}
          >
            Reject
          </button>
        </div>
      </div>
    );
  }
  return <JsonAnswer call={call} enabled={enabled} onAnswer={onAnswer} />;
}

function JsonAnswer({ call, enabled, onAnswer }: AnswerFormProps) {
  const [text, setText] = useState(formatJson({ status: 'approved' }));
  const [error, setError] = useState<string | null>(null);
  const label = `Response for ${call.name} (JSON)`;
  return (
    <form
      class="answer-form"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = parseJsonObject(text);
        if (!parsed.ok) setError(parsed.error);
        else onAnswer(parsed.value);
      }}
    >
      <p>This call waits for your answer.</p>
      <label class="field">
        <span>{label}</span>
        <textarea
          class="code-input"
          rows={4}
          value={text}
          aria-invalid={error !== null}
          onInput={(event) => {
            setText(event.currentTarget.value);
            setError(null);
          }}
        />
      </label>
      {error && (
        <p class="error-text" role="alert">
          {error}
        </p>
      )}
      <button type="submit" class="primary" disabled={!enabled}>
        Send response
      </button>
    </form>
  );
}
