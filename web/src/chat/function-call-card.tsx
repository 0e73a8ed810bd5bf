import type { WireFunctionCall, WireFunctionResponse } from '../api/types';
import { JsonView } from '../ui/json-view';
import { AnswerForm } from './answer-form';

/** Props of FunctionCallCard. */
export interface FunctionCallCardProps {
  call: WireFunctionCall;
  response: WireFunctionResponse | undefined;
  awaitingUser: boolean;
  /** False while a run is streaming. */
  canAnswer: boolean;
  onAnswer: (response: Record<string, unknown>) => void;
}

/**
 * A function call: its name and pretty arguments, then its response once
 * it arrived, or the answer form when the call waits for the user.
 */
export function FunctionCallCard(props: FunctionCallCardProps) {
  const { call, response, awaitingUser, canAnswer, onAnswer } = props;
  return (
    <section
      class="call-card"
      data-testid="function-call"
      data-call-name={call.name}
      aria-label={`Function call ${call.name}`}
    >
      <header class="call-head">
        <span class="badge">call</span>
        <span class="mono strong">{call.name}</span>
      </header>
      <JsonView value={call.args ?? {}} label={`Arguments of ${call.name}`} />
      {response ? (
        <div class="call-response" data-testid="function-response">
          <span class="badge ok">response</span>
          <JsonView value={response.response ?? {}} label={`Response of ${call.name}`} />
        </div>
      ) : awaitingUser ? (
        <AnswerForm call={call} enabled={canAnswer} onAnswer={onAnswer} />
      ) : (
        <p class="muted small">Waiting for the response…</p>
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
