import type { WireFunctionCall } from '../api/types';
import type { ChatBlock, ChatItem } from './chat-model';
import { FunctionCallCard, FunctionResponseCard } from './function-call-card';

/** Props of MessageBubble. */
export interface MessageBubbleProps {
  item: Extract<ChatItem, { kind: 'message' }>;
  canAnswer: boolean;
  onAnswer: (call: WireFunctionCall, eventId: string, response: Record<string, unknown>) => void;
}

/** One turn of the conversation: who spoke, then its text, speech, thoughts, calls and media. */
export function MessageBubble({ item, canAnswer, onAnswer }: MessageBubbleProps) {
  return (
    <article
      class={`message ${item.fromUser ? 'from-user' : 'from-agent'}${item.streaming ? ' streaming' : ''}`}
      data-testid="message"
      data-author={item.author}
      data-event-id={item.id}
      data-streaming={item.streaming ? 'true' : undefined}
      aria-label={`${item.fromUser ? 'You' : item.author}${item.streaming ? ' (streaming)' : ''}`}
    >
      <header class="message-author">{item.fromUser ? 'You' : item.author}</header>
      {item.blocks.map((block, index) => (
        <Block key={index} block={block} canAnswer={canAnswer} onAnswer={onAnswer} />
      ))}
      {item.error && (
        <p class="error-text" role="alert">
          {item.error}
        </p>
      )}
    </article>
  );
}

function Block({
  block,
  canAnswer,
  onAnswer,
}: {
  block: ChatBlock;
  canAnswer: boolean;
  onAnswer: MessageBubbleProps['onAnswer'];
}) {
  switch (block.kind) {
    case 'text':
      return (
        <p class="message-text" data-testid="message-text">
          {block.text}
        </p>
      );
    case 'speech':
      return (
        <p class="message-text" data-testid="message-speech">
          <span class="muted small">(spoken) </span>
          {block.text}
        </p>
      );
    case 'thought':
      return (
        <details class="thought">
          <summary>Thought</summary>
          <p class="message-text">{block.text}</p>
        </details>
      );
    case 'call':
      return (
        <FunctionCallCard
          call={block.call}
          requestedBy={block.requestedBy}
          response={block.response}
          awaitingUser={block.awaitingUser}
          failure={block.failure}
          canAnswer={canAnswer}
          onAnswer={(response) => onAnswer(block.call, block.eventId, response)}
        />
      );
    case 'response':
      return <FunctionResponseCard response={block.response} />;
    case 'media':
      return <Media block={block} />;
    case 'code':
      return (
        <figure class="code-block">
          <figcaption class="muted small">Code ({block.language || 'unknown'})</figcaption>
          <pre class="json">{block.code}</pre>
        </figure>
      );
    case 'code-result':
      return (
        <figure class="code-block">
          <figcaption class="muted small">Result ({block.outcome || 'unknown'})</figcaption>
          <pre class="json">{block.output}</pre>
        </figure>
      );
  }
}

function Media({ block }: { block: Extract<ChatBlock, { kind: 'media' }> }) {
  const source = block.data ? `data:${block.mimeType};base64,${block.data}` : block.uri;
  const name = block.name ?? block.mimeType;
  if (source && block.mimeType.startsWith('image/')) {
    return <img class="media" src={source} alt={name} />;
  }
  return source ? (
    <a class="media-link" href={source} download={block.name} target="_blank" rel="noreferrer">
      {name}
    </a>
  ) : (
    <p class="muted small">{name}</p>
  );
}
