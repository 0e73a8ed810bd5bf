import { JsonTree } from './json-tree';
import {
  attributeJson,
  partSummary,
  prettyJson,
  readLlmRequest,
  SPAN_ATTRIBUTES,
  type LlmRequestView,
} from './span-details';
import { formatMs, spanKind, type TimelineRow } from './trace-timeline';

function Code({ value, label }: { value: unknown; label: string }) {
  return (
    <pre class="span-code" aria-label={label} tabIndex={0}>
      {prettyJson(value)}
    </pre>
  );
}

function LlmRequest({ request }: { request: LlmRequestView }) {
  return (
    <>
      <h5>System instruction</h5>
      {request.systemInstruction ? (
        <pre class="span-code" aria-label="System instruction" tabIndex={0}>
          {request.systemInstruction}
        </pre>
      ) : (
        <p class="panel-empty">None.</p>
      )}
      <h5>Contents ({request.contents.length})</h5>
      {request.contents.length === 0 ? (
        <p class="panel-empty">None.</p>
      ) : (
        <ol class="span-contents" aria-label="Request contents">
          {request.contents.map((content, index) => (
            <li key={index}>
              <span class="span-role">{content.role || '(no role)'}</span>
              {content.parts.map((part, partIndex) => (
                <pre key={partIndex} class="span-code">
                  {partSummary(part)}
                </pre>
              ))}
            </li>
          ))}
        </ol>
      )}
      <h5>Tools ({request.tools.length})</h5>
      {request.tools.length === 0 ? (
        <p class="panel-empty">None.</p>
      ) : (
        <ul class="span-tools" aria-label="Tool declarations">
          {request.tools.map((tool) => (
            <li key={tool.name}>
              <span class="mono">{tool.name}</span>
              {tool.description && <span class="muted"> — {tool.description}</span>}
              {tool.parameters !== null && (
                <JsonTree
                  value={tool.parameters}
                  label={`Parameters of ${tool.name}`}
                  openDepth={0}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {request.otherConfig && (
        <>
          <h5>Config</h5>
          <Code value={request.otherConfig} label="Request config" />
        </>
      )}
    </>
  );
}

/**
 * The details of one span: for an LLM call its request (model, system
 * instruction, contents, tool declarations), response and token usage;
 * for a tool call its arguments and response; always every attribute.
 */
export function SpanDetail({ row }: { row: TimelineRow }) {
  const { span } = row;
  const attributes = span.attributes;
  const kind = spanKind(span.name);
  const rawRequest = attributeJson(attributes, SPAN_ATTRIBUTES.llmRequest);
  const request = readLlmRequest(rawRequest);
  const response = attributeJson(attributes, SPAN_ATTRIBUTES.llmResponse);
  const args = attributeJson(attributes, SPAN_ATTRIBUTES.toolCallArgs);
  const toolResponse = attributeJson(attributes, SPAN_ATTRIBUTES.toolResponse);
  const inputTokens = attributeJson(attributes, SPAN_ATTRIBUTES.inputTokens);
  const outputTokens = attributeJson(attributes, SPAN_ATTRIBUTES.outputTokens);
  return (
    <section class="span-detail" aria-label="Span details">
      <h4>
        {span.name} <span class="muted">{formatMs(row.durationMs)}</span>
      </h4>
      <dl class="span-facts">
        <dt>starts</dt>
        <dd>{formatMs(row.startMs)} after the invocation</dd>
        <dt>span</dt>
        <dd class="mono">{span.span_id}</dd>
        {request?.model && (
          <>
            <dt>model</dt>
            <dd class="mono">{request.model}</dd>
          </>
        )}
        {(inputTokens !== undefined || outputTokens !== undefined) && (
          <>
            <dt>tokens</dt>
            <dd>
              {String(inputTokens ?? '?')} in, {String(outputTokens ?? '?')} out
            </dd>
          </>
        )}
      </dl>
      {kind === 'llm' && (
        <>
          {request ? (
            <LlmRequest request={request} />
          ) : (
            <>
              <h5>Request</h5>
              {rawRequest !== undefined ? (
                <Code value={rawRequest} label="LLM request" />
              ) : (
                <p class="panel-empty">The span records no request.</p>
              )}
            </>
          )}
          <h5>Response</h5>
          {response !== undefined ? (
            <Code value={response} label="LLM response" />
          ) : (
            <p class="panel-empty">The span records no response.</p>
          )}
        </>
      )}
      {kind === 'tool' && (
        <>
          <h5>Arguments</h5>
          {args !== undefined ? (
            <Code value={args} label="Tool arguments" />
          ) : (
            <p class="panel-empty">None recorded.</p>
          )}
          <h5>Response</h5>
          {toolResponse !== undefined ? (
            <Code value={toolResponse} label="Tool response" />
          ) : (
            <p class="panel-empty">None recorded.</p>
          )}
        </>
      )}
      <details class="span-attributes">
        <summary>All attributes</summary>
        <JsonTree value={attributes} label="Span attributes" openDepth={0} />
      </details>
    </section>
  );
}
