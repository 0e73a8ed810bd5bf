import { useEffect, useState } from 'preact/hooks';
import {
  listArtifactVersionNumbers,
  listArtifactVersions,
  listArtifacts,
  loadArtifactVersion,
} from '../api/inspect-api';
import { ApiError } from '../api/http';
import type { WireArtifactVersion } from '../api/types';
import { artifactPreview, formatBytes, type ArtifactPreview } from './artifact-preview';
import type { PanelProps } from './panel-props';
import './panels.css';

function errorText(error: unknown): string {
  if (error instanceof ApiError) return `HTTP ${error.status}: ${error.detail}`;
  return error instanceof Error ? error.message : String(error);
}

type Loaded<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; message: string };

/** Versions with metadata; a server without the metadata route still lists the numbers. */
async function loadVersions(
  appName: string,
  userId: string,
  sessionId: string,
  name: string,
): Promise<WireArtifactVersion[]> {
  try {
    return await listArtifactVersions(appName, userId, sessionId, name);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    const numbers = await listArtifactVersionNumbers(appName, userId, sessionId, name);
    return numbers.map((version) => ({ version }));
  }
}

function versionLabel(version: WireArtifactVersion): string {
  const parts = [`v${version.version}`];
  if (version.mimeType) parts.push(version.mimeType);
  if (typeof version.createTime === 'number')
    parts.push(new Date(version.createTime * 1000).toLocaleString());
  return parts.join(' · ');
}

function Preview({
  name,
  version,
  preview,
}: {
  name: string;
  version: number;
  preview: ArtifactPreview;
}) {
  switch (preview.kind) {
    case 'text':
      return (
        <pre class="artifact-text" aria-label={`Content of ${name}`} tabIndex={0}>
          {preview.text}
        </pre>
      );
    case 'image':
      return <img class="artifact-image" src={preview.src} alt={`${name}, version ${version}`} />;
    case 'download':
      return (
        <a class="artifact-download" href={preview.href} download={name}>
          Download {name} ({preview.mimeType}, {formatBytes(preview.bytes)})
        </a>
      );
    case 'link':
      return (
        <a class="artifact-download" href={preview.uri} target="_blank" rel="noreferrer">
          Open {name} ({preview.mimeType || 'file'})
        </a>
      );
    default:
      return <p class="panel-empty">This version has no content to show.</p>;
  }
}

function ArtifactCard({
  name,
  appName,
  userId,
  sessionId,
  revision,
}: { name: string } & PanelProps) {
  const [versions, setVersions] = useState<Loaded<WireArtifactVersion[]>>({ status: 'loading' });
  // null follows the latest version; a number pins the user's choice.
  const [chosen, setChosen] = useState<number | null>(null);
  const [content, setContent] = useState<Loaded<ArtifactPreview>>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    loadVersions(appName, userId, sessionId, name).then(
      (list) =>
        live &&
        setVersions({ status: 'ready', value: [...list].sort((a, b) => a.version - b.version) }),
      (error: unknown) => live && setVersions({ status: 'error', message: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [appName, userId, sessionId, name, revision]);

  const list = versions.status === 'ready' ? versions.value : [];
  const latest = list.at(-1)?.version ?? null;
  const shown = chosen !== null && list.some((item) => item.version === chosen) ? chosen : latest;

  useEffect(() => {
    if (shown === null) return undefined;
    let live = true;
    setContent({ status: 'loading' });
    loadArtifactVersion(appName, userId, sessionId, name, shown).then(
      (part) => live && setContent({ status: 'ready', value: artifactPreview(part) }),
      (error: unknown) => live && setContent({ status: 'error', message: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [appName, userId, sessionId, name, shown, revision]);

  const selectId = `artifact-version-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  return (
    <li class="artifact-card">
      <section aria-label={`Artifact ${name}`}>
        <div class="panel-toolbar">
          <h4 class="mono">{name}</h4>
          {list.length > 0 && (
            <label class="artifact-version" for={selectId}>
              Version
              <select
                id={selectId}
                aria-label={`Version of ${name}`}
                value={shown === null ? '' : String(shown)}
                onChange={(event) =>
                  setChosen(Number((event.currentTarget as HTMLSelectElement).value))
                }
              >
                {list.map((item) => (
                  <option key={item.version} value={String(item.version)}>
                    {versionLabel(item)}
                    {item.version === latest ? ' (latest)' : ''}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
        {versions.status === 'error' && (
          <p role="alert" class="panel-error">
            Could not list the versions: {versions.message}
          </p>
        )}
        {versions.status === 'ready' && list.length === 0 && (
          <p class="panel-empty">No versions.</p>
        )}
        {shown !== null && content.status === 'loading' && <p class="panel-empty">Loading…</p>}
        {shown !== null && content.status === 'error' && (
          <p role="alert" class="panel-error">
            Could not load version {shown}: {content.message}
          </p>
        )}
        {shown !== null && content.status === 'ready' && (
          <Preview name={name} version={shown} preview={content.value} />
        )}
      </section>
    </li>
  );
}

/**
 * The session's artifacts (`GET …/artifacts`), refetched whenever the
 * revision changes: each with its versions (latest shown, any other
 * selectable) and a preview of the chosen version — text, an image, a
 * download link or a link to the file.
 */
export function ArtifactsPanel(props: PanelProps) {
  const { appName, userId, sessionId, revision } = props;
  const [names, setNames] = useState<Loaded<string[]>>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    listArtifacts(appName, userId, sessionId).then(
      (value) => live && setNames({ status: 'ready', value }),
      (error: unknown) => live && setNames({ status: 'error', message: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [appName, userId, sessionId, revision]);

  return (
    <div class="inspect-panel artifacts-panel">
      <h3>Artifacts</h3>
      {names.status === 'loading' && <p class="panel-empty">Loading the artifacts…</p>}
      {names.status === 'error' && (
        <p role="alert" class="panel-error">
          Could not list the artifacts: {names.message}
        </p>
      )}
      {names.status === 'ready' && names.value.length === 0 && (
        <p class="panel-empty">No artifacts in this session yet.</p>
      )}
      {names.status === 'ready' && names.value.length > 0 && (
        <ul class="artifact-list" aria-label="Artifacts">
          {names.value.map((name) => (
            <ArtifactCard key={name} name={name} {...props} />
          ))}
        </ul>
      )}
    </div>
  );
}
