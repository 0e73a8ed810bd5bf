import type { WireFunctionCall, WireFunctionResponse } from '../api/types';
import { JsonView } from '../ui/json-view';
import { AnswerForm } from './answer-form';
import type { CallFailure } from './call-failures';
import { callStateOf } from './call-state';
import { CredentialCard } from './credential-card';
import { REQUEST_CREDENTIAL } from './credential-request';

/** Props of FunctionCallCard. */
export interface FunctionCallCardProps {
  call: WireFunctionCall;
  response: WireFunctionResponse | undefined;
  awaitingUser: boolean;
  /** Set when the run failed while the call had no response. */
  failure: CallFailure | undefined;
  /** False while a run is streaming. */
  canAnswer: boolean;
  onAnswer: (response: Record<string, unknown>) => void;
  /** For a credential request: the tool that asked. */
  requestedBy?: string | undefined;
}

/**
 * A function call: its name and pretty arguments, then its response once
 * it arrived, the failure when the run failed on it (marked failed, with
 * the tool's name and the message), the answer form when the call waits
 * for the user, "waiting" while a run goes on, or "no response" after one.
 * A credential request (`adk_request_credential`) is a `CredentialCard`.
 */
export function FunctionCallCard(props: FunctionCallCardProps) {
  if (props.call.name === REQUEST_CREDENTIAL) return <CredentialCard {...props} />;
  const { call, response, awaitingUser, failure, canAnswer, onAnswer } = props;
  const state = callStateOf(props);
  return (
    <section
      class={`call-card${state === 'failed' ? ' failed' : ''}`}
      data-testid="function-call"
      data-call-name={call.name}
      data-state={state}
      aria-label={`Function call ${call.name}`}
    >
      <header class="call-head">
        <span class="badge">call</span>
        <span class="mono strong">{call.name}</span>
        {failure && <span class="badge error">failed</span>}
      </header>
      <JsonView value={call.args ?? {}} label={`Arguments of ${call.name}`} />
      {response ? (
        <div class="call-response" data-testid="function-response">
          <span class="badge ok">response</span>
          <JsonView value={response.response ?? {}} label={`Response of ${call.name}`} />
        </div>
      ) : failure ? (
        <p class="call-failure error-text" role="alert" data-testid="function-failure">
          {/* The server's message may name the tool already (`Tool "x" failed: …`). */}
          {failure.message.includes(`"${failure.toolName}"`) ? (
            failure.message
          ) : (
            <>
              <span class="mono">{failure.toolName}</span> failed: {failure.message}
            </>
          )}
        </p>
      ) : awaitingUser ? (
        <AnswerForm call={call} enabled={canAnswer} onAnswer={onAnswer} />
      ) : state === 'waiting' ? (
        <p class="muted small">Waiting for the response…</p>
      ) : (
        <p class="muted small">No response was recorded for this call.</p>
      )}
    </section>
  );
}

/** A function response whose call is not in the conversation. */
export function FunctionResponseCard({ response }: { response: WireFunctionResponse }) {
  return (
    <section
      class="call-card"
      data-testid="function-response"
      aria-label={`Function response ${response.name}`}
    >
      <header class="call-head">
        <span class="badge ok">response</span>
        <span class="mono strong">{response.name}</span>
      </header>
      <JsonView value={response.response ?? {}} />
    </section>
  );
}
