import type { Context, Hono } from 'hono';
import { RequestValidationError } from '../errors/request-validation-error.js';
import { ServiceNotConfiguredError } from '../errors/service-not-configured-error.js';
import { AgentBuilderFiles, type BuilderUpload } from './agent-builder-files.js';
import { checkUploadedYaml, uploadRelativePath } from './builder-uploads.js';
import { readBooleanQuery } from './read-request.js';
import { sessionPath } from './route-context.js';

/**
 * The agent builder routes of `adk web` (adk-python's dev server), over the
 * agents directory; adk-web calls `GET …/builder` for every app it opens:
 * - `GET /dev/apps/{app}/builder?file_path=&tmp=` → the app's
 *   `root_agent.yaml` (or `file_path`, a `.yaml`/`.yml` path inside the app
 *   folder) as `application/x-yaml`, from the draft `tmp/<app>/` with
 *   `tmp=true` (started as a copy of the app); an empty 200 when there is no
 *   such file (an app written in TypeScript), as in Python;
 * - `POST /dev/apps/{app}/builder/save?tmp=` with multipart `files` (YAML
 *   only, names relative to the app folder, `<app>/` in front allowed) →
 *   `true` once written to the draft, or (without `tmp`) into the app, the
 *   draft merged in first and then removed; 400 for a path leaving the
 *   folder, another file type, unparsable YAML, an `args` key, or a code
 *   reference outside the app (`checkUploadedYaml`); 422 without files;
 * - `POST /dev/apps/{app}/builder/cancel` → `true` once the draft is gone.
 * Invalid app names are 400 before any file is touched. Without an agents
 * directory, `GET` answers empty, `cancel` false and `save` 400. A saved app
 * is loaded anew by the next server (or at once with `--reload_agents`).
 */
export function registerDevBuilderRoutes(api: Hono, agentsDirectory: string | undefined): void {
  const files = agentsDirectory === undefined ? undefined : new AgentBuilderFiles(agentsDirectory);

  api.post('/dev/apps/:app_name/builder/save', async (context) => {
    const { appName } = sessionPath(context);
    const tmp = readBooleanQuery(context, 'tmp', false);
    if (!files) {
      throw new ServiceNotConfiguredError({
        service: 'agentsDirectory',
        message: 'The agent builder needs an agents directory (adk web AGENTS_DIR).',
      });
    }
    const uploads = await readUploads(context, appName);
    return context.json(await files.save(appName, uploads, tmp));
  });

  api.post('/dev/apps/:app_name/builder/cancel', async (context) => {
    const { appName } = sessionPath(context);
    return context.json(files ? await files.cancel(appName) : false);
  });

  api.get('/dev/apps/:app_name/builder', async (context) => {
    const { appName } = sessionPath(context);
    const tmp = readBooleanQuery(context, 'tmp', false);
    const file = files ? await files.read(appName, context.req.query('file_path'), tmp) : undefined;
    if (!file) return context.text('');
    return new Response(new Uint8Array(file.content), {
      status: 200,
      headers: {
        'content-type': 'application/x-yaml',
        'cache-control': 'no-store',
        'content-disposition': attachment(file.downloadName),
      },
    });
  });
}

/** Starlette's `FileResponse` header: a quoted name, or RFC 5987 when it needs escaping. */
function attachment(name: string): string {
  const quoted = encodeURIComponent(name).replace(/%2F/gi, '/');
  return quoted === name
    ? `attachment; filename="${name}"`
    : `attachment; filename*=utf-8''${quoted}`;
}

function missingFiles(message = 'Field required'): RequestValidationError {
  return new RequestValidationError({
    issues: [{ type: 'missing', loc: ['body', 'files'], msg: message }],
  });
}

/** The multipart `files` of a save request, each name and YAML checked before anything is written. */
async function readUploads(context: Context, appName: string): Promise<BuilderUpload[]> {
  const type = context.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw missingFiles();
  let form: FormData;
  try {
    form = await context.req.formData();
  } catch {
    throw missingFiles('Invalid multipart body');
  }
  const entries = form.getAll('files');
  if (entries.length === 0) throw missingFiles();
  const uploads: BuilderUpload[] = [];
  for (const entry of entries) {
    if (typeof entry === 'string') throw missingFiles('Expected a file upload');
    uploads.push({
      relativePath: uploadRelativePath(appName, entry.name),
      content: new Uint8Array(await entry.arrayBuffer()),
    });
  }
  const decoder = new TextDecoder('utf-8', { fatal: false });
  for (const upload of uploads) {
    checkUploadedYaml(decoder.decode(upload.content), `${appName}/${upload.relativePath}`, appName);
  }
  return uploads;
}
