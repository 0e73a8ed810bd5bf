import { AnswerForm } from './answer-form';
import { callStateOf } from './call-state';
import { CredentialForm } from './credential-form';
import {
  credentialPrompt,
  credentialResponse,
  oauthResponse,
  requestedAuthConfig,
  type CredentialPrompt,
} from './credential-request';
import type { FunctionCallCardProps } from './function-call-card';
import { OAuthSignIn } from './oauth-sign-in';

function asked(prompt: CredentialPrompt): string {
  switch (prompt.kind) {
    case 'apiKey':
      return `an API key (${prompt.location} ${prompt.name})`;
    case 'bearer':
      return 'an HTTP bearer token';
    case 'basic':
      return 'an HTTP user name and password';
    case 'oauth2':
      return 'you to sign in';
    case 'unsupported':
      return 'a credential';
  }
}

/**
 * An `adk_request_credential` call: what the tool needs, then the way to
 * give it while the call waits for the user (a Sign in button for OAuth2 /
 * OpenID Connect, password fields for an API key, a bearer token or basic
 * auth, the JSON editor for anything else). Once answered it says so and
 * shows nothing of what was sent: the answer holds the secret.
 */
export function CredentialCard(props: FunctionCallCardProps) {
  const { call, response, awaitingUser, failure, canAnswer, onAnswer, requestedBy } = props;
  const prompt = credentialPrompt(call.args);
  const key = requestedAuthConfig(call.args)?.['credentialKey'];
  const state = callStateOf(props);
  return (
    <section
      class={`call-card credential-card${state === 'failed' ? ' failed' : ''}`}
      data-testid="credential-request"
      data-call-name={call.name}
      data-prompt={prompt.kind}
      data-state={state}
      aria-label="Credential request"
    >
      <header class="call-head">
        <span class="badge">auth</span>
        <span>
          {requestedBy ? <span class="mono strong">{requestedBy}</span> : 'A tool'} needs{' '}
          {asked(prompt)}
          {typeof key === 'string' && <span class="muted small mono"> · {key}</span>}
        </span>
      </header>
      {response ? (
        <p class="muted small" data-testid="credential-answered">
          {prompt.kind === 'oauth2' ? 'Signed in.' : 'Credential sent.'}
        </p>
      ) : failure ? (
        <p class="call-failure error-text" role="alert">
          {failure.message}
        </p>
      ) : awaitingUser ? (
        prompt.kind === 'oauth2' ? (
          <OAuthSignIn
            authUri={prompt.authUri}
            enabled={canAnswer}
            onSignedIn={(address, redirectUri) =>
              onAnswer(oauthResponse(call.args, address, redirectUri))
            }
          />
        ) : prompt.kind === 'unsupported' ? (
          <>
            <p class="muted small">{prompt.reason}</p>
            <AnswerForm call={call} enabled={canAnswer} onAnswer={onAnswer} />
          </>
        ) : (
          <CredentialForm
            prompt={prompt}
            enabled={canAnswer}
            onSubmit={(input) => onAnswer(credentialResponse(call.args, input))}
          />
        )
      ) : state === 'waiting' ? (
        <p class="muted small">Waiting for the response…</p>
      ) : (
        <p class="muted small">No credential was sent for this request.</p>
      )}
    </section>
  );
}
