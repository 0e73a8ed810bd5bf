import { useState } from 'preact/hooks';
import type { CredentialInput, CredentialPrompt } from './credential-request';

/** Props of CredentialForm. */
export interface CredentialFormProps {
  prompt: Extract<CredentialPrompt, { kind: 'apiKey' | 'bearer' | 'basic' }>;
  /** False while a run is streaming: answers wait until it ends. */
  enabled: boolean;
  onSubmit: (input: CredentialInput) => void;
}

/**
 * The fields for a typed credential: an API key, an HTTP bearer token, or
 * HTTP basic user name and password. Secrets are password fields; the form
 * forgets them once sent. Submitting with a required field empty does
 * nothing.
 */
export function CredentialForm({ prompt, enabled, onSubmit }: CredentialFormProps) {
  const [secret, setSecret] = useState('');
  const [username, setUsername] = useState('');
  const ready = secret !== '' && (prompt.kind !== 'basic' || username !== '');
  const submit = (): void => {
    if (!ready || !enabled) return;
    if (prompt.kind === 'apiKey') onSubmit({ kind: 'apiKey', apiKey: secret });
    else if (prompt.kind === 'bearer') onSubmit({ kind: 'bearer', token: secret });
    else onSubmit({ kind: 'basic', username, password: secret });
    setSecret('');
  };
  const secretLabel =
    prompt.kind === 'apiKey' ? 'API key' : prompt.kind === 'bearer' ? 'Bearer token' : 'Password';
  return (
    <form
      class="answer-form credential-form"
      autocomplete="off"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {prompt.kind === 'basic' && (
        <label class="field">
          <span>User name</span>
          <input
            type="text"
            autocomplete="off"
            value={username}
            onInput={(event) => setUsername(event.currentTarget.value)}
          />
        </label>
      )}
      <label class="field">
        <span>{secretLabel}</span>
        <input
          type="password"
          autocomplete="off"
          value={secret}
          onInput={(event) => setSecret(event.currentTarget.value)}
        />
      </label>
      <button type="submit" class="primary" disabled={!enabled || !ready}>
        Send credential
      </button>
    </form>
  );
}
