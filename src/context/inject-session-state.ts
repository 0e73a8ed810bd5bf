import type { ReadonlyContext } from './readonly-context.js';
import { ContextVariableNotFoundError } from '../errors/context-variable-not-found-error.js';
import { ServiceNotConfiguredError } from '../errors/service-not-configured-error.js';
import { State } from '../sessions/state.js';
import type { Part } from '../types/index.js';
import { pythonStr } from '../utils/python-repr.js';

const templatePattern = /\{+[^{}]*\}+/g;
const identifierPattern = /^[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*$/u;

/**
 * Fills `{key}` placeholders in an instruction from session state (Python
 * `inject_session_state`): values as Python's `str()` renders them (`None` →
 * ''); `{key?}` is '' when missing, `{key}` throws
 * `ContextVariableNotFoundError`; `{app:key}`, `{user:key}` and `{temp:key}`
 * are valid names; `{artifact.name}` is the artifact's text; anything that is
 * not a valid name is left as written.
 */
export async function injectSessionState(
  template: string,
  context: ReadonlyContext,
): Promise<string> {
  const matches = [...template.matchAll(templatePattern)];
  if (matches.length === 0) return template;
  const pieces: string[] = [];
  let last = 0;
  for (const match of matches) {
    pieces.push(template.slice(last, match.index));
    pieces.push(await replacement(match[0], context));
    last = match.index + match[0].length;
  }
  pieces.push(template.slice(last));
  return pieces.join('');
}

async function replacement(token: string, context: ReadonlyContext): Promise<string> {
  let name = token.replace(/^\{+/, '').replace(/\}+$/, '').trim();
  let optional = false;
  if (name.endsWith('?')) {
    optional = true;
    name = name.slice(0, -1);
  }
  if (name.startsWith('artifact.')) {
    const filename = name.slice('artifact.'.length);
    const service = context.invocation.artifactService;
    if (!service) {
      throw new ServiceNotConfiguredError({
        service: 'artifactService',
        message: 'Artifact service is not initialized.',
      });
    }
    const artifact = await service.loadArtifact({
      appName: context.appName,
      userId: context.userId,
      sessionId: context.sessionId,
      filename,
    });
    if (artifact === undefined) {
      if (optional) return '';
      throw new ContextVariableNotFoundError({
        variable: filename,
        message: `Artifact ${filename} not found.`,
      });
    }
    return artifactText(artifact);
  }
  if (!isValidStateName(name)) return token;
  const state = context.session.state;
  if (Object.hasOwn(state, name)) {
    const value = state[name];
    return value === null || value === undefined ? '' : pythonStr(value);
  }
  if (optional) return '';
  throw new ContextVariableNotFoundError({ variable: name });
}

function isValidStateName(name: string): boolean {
  const parts = name.split(':');
  if (parts.length === 1) return identifierPattern.test(name);
  if (parts.length === 2) {
    const prefix = `${parts[0]}:`;
    const prefixes = [State.APP_PREFIX, State.USER_PREFIX, State.TEMP_PREFIX];
    return prefixes.includes(prefix) && identifierPattern.test(parts[1]!);
  }
  return false;
}

// Python renders the artifact with str(Part); a text artifact is its text, others their JSON.
function artifactText(artifact: Part): string {
  return typeof artifact.text === 'string' ? artifact.text : JSON.stringify(artifact);
}
