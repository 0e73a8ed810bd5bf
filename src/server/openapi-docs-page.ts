import type { JsonSchema } from './openapi-schemas.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Markdown-style `code` spans in a description as <code>. */
function prose(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** JSON, escaped, with component references turned into links to their section. */
function jsonBlock(value: unknown): string {
  const escaped = escapeHtml(JSON.stringify(value, null, 2));
  return `<pre>${escaped.replace(
    /&quot;#\/components\/schemas\/([A-Za-z0-9_]+)&quot;/g,
    '<a href="#schema-$1">&quot;#/components/schemas/$1&quot;</a>',
  )}</pre>`;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function operationHtml(method: string, path: string, operation: Record<string, unknown>): string {
  const parts: string[] = [];
  const id = escapeHtml(String(operation['operationId'] ?? `${method}-${path}`));
  parts.push(
    `<details class="operation" id="${id}"><summary><span class="method ${method}">${method.toUpperCase()}</span> ` +
      `<code>${escapeHtml(path)}</code> <span class="summary">${prose(String(operation['summary'] ?? ''))}</span>` +
      `${operation['deprecated'] ? ' <em>(deprecated)</em>' : ''}</summary>`,
  );
  if (typeof operation['description'] === 'string') {
    parts.push(`<p>${prose(operation['description'])}</p>`);
  }
  const parameters = Array.isArray(operation['parameters']) ? operation['parameters'] : [];
  if (parameters.length > 0) {
    parts.push(
      '<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>schema</th><th></th></tr>',
    );
    for (const parameter of parameters.map(record)) {
      parts.push(
        `<tr><td><code>${escapeHtml(String(parameter['name']))}</code></td><td>${escapeHtml(String(parameter['in']))}</td>` +
          `<td><code>${escapeHtml(JSON.stringify(parameter['schema']))}</code></td><td>${prose(String(parameter['description'] ?? ''))}</td></tr>`,
      );
    }
    parts.push('</table>');
  }
  const requestBody = record(operation['requestBody']);
  for (const [type, media] of Object.entries(record(requestBody['content']))) {
    parts.push(
      `<h4>Request body (<code>${escapeHtml(type)}</code>)</h4>${jsonBlock(record(media)['schema'])}`,
    );
  }
  parts.push('<h4>Responses</h4><ul>');
  for (const [status, item] of Object.entries(record(operation['responses']))) {
    const responseObject = record(item);
    const content = Object.entries(record(responseObject['content']));
    parts.push(
      `<li><strong>${escapeHtml(status)}</strong> ${prose(String(responseObject['description'] ?? ''))}` +
        content
          .map(
            ([type, media]) =>
              ` <code>${escapeHtml(type)}</code>${jsonBlock(record(media)['schema'] ?? {})}`,
          )
          .join('') +
        '</li>',
    );
  }
  parts.push('</ul></details>');
  return parts.join('\n');
}

/**
 * The `/docs` page: the operations of an OpenAPI document grouped by tag,
 * each with its parameters, request body and responses, then the schemas;
 * rendered on the server as one self-contained HTML page (no script, no
 * remote asset: it works offline), linking to `openapi.json`.
 */
export function openApiDocsPage(document: JsonSchema): string {
  const info = record(document['info']);
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(record(document['paths']))) {
    for (const method of METHODS) {
      const operation = record(record(item)[method]);
      if (Object.keys(operation).length === 0) continue;
      const tags = Array.isArray(operation['tags']) ? operation['tags'] : [];
      const tag = typeof tags[0] === 'string' ? tags[0] : 'other';
      const list = byTag.get(tag) ?? [];
      list.push(operationHtml(method, path, operation));
      byTag.set(tag, list);
    }
  }
  const sections = [...byTag].map(
    ([tag, operations]) =>
      `<section><h2>${escapeHtml(tag)}</h2>\n${operations.join('\n')}</section>`,
  );
  const schemas = Object.entries(record(record(document['components'])['schemas'])).map(
    ([name, schema]) =>
      `<details class="schema" id="schema-${escapeHtml(name)}"><summary><code>${escapeHtml(name)}</code></summary>${jsonBlock(schema)}</details>`,
  );
  const title = escapeHtml(
    `${String(info['title'] ?? 'API')} ${String(info['version'] ?? '')}`.trim(),
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.45; color: #1f2328; }
h2 { border-bottom: 1px solid #d0d7de; padding-bottom: .25rem; margin-top: 2rem; text-transform: capitalize; }
details { border: 1px solid #d0d7de; border-radius: 6px; margin: .5rem 0; padding: .25rem .75rem; }
summary { cursor: pointer; padding: .25rem 0; }
.method { display: inline-block; min-width: 4.2rem; text-align: center; font-weight: 600; font-size: .8rem; border-radius: 4px; padding: .1rem .3rem; color: #fff; background: #57606a; }
.get { background: #0969da; } .post { background: #1a7f37; } .patch { background: #9a6700; } .put { background: #8250df; } .delete { background: #cf222e; }
pre { background: #f6f8fa; padding: .5rem; border-radius: 4px; overflow-x: auto; font-size: .8rem; }
table { border-collapse: collapse; font-size: .9rem; } td, th { border: 1px solid #d0d7de; padding: .2rem .5rem; text-align: left; vertical-align: top; }
</style></head>
<body>
<h1>${title}</h1>
<p>${prose(String(info['description'] ?? ''))} The machine-readable description is <a href="openapi.json">openapi.json</a> (OpenAPI ${escapeHtml(String(document['openapi'] ?? ''))}).</p>
${sections.join('\n')}
<section><h2>Schemas</h2>
${schemas.join('\n')}
</section>
</body></html>
`;
}
