import { useState } from 'preact/hooks';

/** Props of JsonTree. */
export interface JsonTreeProps {
  /** The object or array whose entries are shown (a scalar shows as one line). */
  value: unknown;
  /** The accessible name of the tree. */
  label: string;
  /** Top-level keys to mark as changed. */
  changed?: ReadonlySet<string>;
  /** Containers deeper than this start collapsed; default 1 (top-level entries open). */
  openDepth?: number;
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return value !== null && typeof value === 'object';
}

function entriesOf(value: Record<string, unknown> | unknown[]): [string, unknown][] {
  return Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
}

function scalarText(value: unknown): string {
  if (value === undefined) return 'undefined';
  return JSON.stringify(value) ?? String(value);
}

function scalarType(value: unknown): string {
  if (value === null) return 'null';
  return typeof value;
}

function containerSummary(value: Record<string, unknown> | unknown[]): string {
  const count = Array.isArray(value) ? value.length : Object.keys(value).length;
  if (Array.isArray(value)) return `[${count} ${count === 1 ? 'item' : 'items'}]`;
  return `{${count} ${count === 1 ? 'key' : 'keys'}}`;
}

function JsonEntry({
  name,
  value,
  depth,
  openDepth,
  changed,
}: {
  name: string;
  value: unknown;
  depth: number;
  openDepth: number;
  changed: boolean;
}) {
  const [open, setOpen] = useState(depth < openDepth);
  const badge = changed ? (
    <span class="json-tree-badge" title="Changed by the latest state update">
      changed
    </span>
  ) : null;
  if (!isContainer(value) || entriesOf(value).length === 0) {
    const text = isContainer(value) ? (Array.isArray(value) ? '[]' : '{}') : scalarText(value);
    return (
      <li class={changed ? 'json-tree-entry changed' : 'json-tree-entry'} data-key={name}>
        <span class="json-tree-key">{name}</span>
        <span class="json-tree-colon">: </span>
        <span class={`json-tree-value json-${isContainer(value) ? 'object' : scalarType(value)}`}>
          {text}
        </span>
        {badge}
      </li>
    );
  }
  return (
    <li class={changed ? 'json-tree-entry changed' : 'json-tree-entry'} data-key={name}>
      <button
        type="button"
        class="json-tree-toggle"
        aria-expanded={open}
        aria-label={`${name} ${containerSummary(value)}`}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true" class="json-tree-caret">
          {open ? '▾' : '▸'}
        </span>
        <span class="json-tree-key">{name}</span>
        <span class="json-tree-summary">{containerSummary(value)}</span>
      </button>
      {badge}
      {open && (
        <ul class="json-tree-children">
          {entriesOf(value).map(([key, item]) => (
            <JsonEntry
              key={key}
              name={key}
              value={item}
              depth={depth + 1}
              openDepth={openDepth}
              changed={false}
            />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * A collapsible JSON tree: one list item per entry, containers toggled by
 * a button (`aria-expanded`) named by the key and its size, scalars as
 * JSON text. Keys in `changed` (top level) carry a visible "changed" badge.
 */
export function JsonTree({ value, label, changed, openDepth = 1 }: JsonTreeProps) {
  if (!isContainer(value)) {
    return (
      <pre class="json-tree-scalar" aria-label={label}>
        {scalarText(value)}
      </pre>
    );
  }
  return (
    <ul class="json-tree" aria-label={label}>
      {entriesOf(value).map(([key, item]) => (
        <JsonEntry
          key={key}
          name={key}
          value={item}
          depth={0}
          openDepth={openDepth}
          changed={changed?.has(key) ?? false}
        />
      ))}
    </ul>
  );
}

/** Copies text to the clipboard: the async Clipboard API, else a hidden textarea and `execCommand`. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // Not allowed here (insecure origin, no permission): fall back to a selection copy.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new DOMException('The browser refused to copy.', 'NotAllowedError');
}

/** A button that copies `text()` and says so in a live region ("Copied" or the failure). */
export function CopyButton({ text, label }: { text: () => string; label: string }) {
  const [status, setStatus] = useState('');
  const copy = () => {
    copyText(text()).then(
      () => setStatus('Copied'),
      () => setStatus('Copy failed'),
    );
  };
  return (
    <span class="copy-button">
      <button type="button" onClick={copy} aria-label={label}>
        Copy
      </button>
      <span role="status" class="copy-status">
        {status}
      </span>
    </span>
  );
}
