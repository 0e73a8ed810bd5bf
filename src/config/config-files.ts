import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ConfigFileNotFoundError } from '../errors/config-file-not-found-error.js';
import { InvalidAgentConfigError } from '../errors/invalid-agent-config-error.js';
import { isPathInside } from '../utils/path-inside.js';

/** Reads and parses a YAML config file as PyYAML's `safe_load` would (YAML 1.1, last duplicate key wins). */
export async function readYamlFile(configPath: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(configPath, 'utf8');
  } catch (error) {
    if (isMissingFileError(error)) throw new ConfigFileNotFoundError({ configPath, cause: error });
    throw new InvalidAgentConfigError({
      message: `Cannot read agent config ${configPath}: ${String(error)}`,
      cause: error,
    });
  }
  try {
    return parseYaml(text, { version: '1.1', uniqueKeys: false }) as unknown;
  } catch (error) {
    throw new InvalidAgentConfigError({
      message: `Invalid YAML in ${configPath}: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
}

/** The file's real path (symlinks resolved); a missing file is `ConfigFileNotFoundError`. */
export async function canonicalPath(configPath: string): Promise<string> {
  try {
    return await realpath(configPath);
  } catch (error) {
    if (isMissingFileError(error)) throw new ConfigFileNotFoundError({ configPath, cause: error });
    throw new InvalidAgentConfigError({
      message: `Cannot read agent config ${configPath}: ${String(error)}`,
      cause: error,
    });
  }
}

// Python's checks in `resolve_agent_reference`: relative paths only, and the
// target (symlinks resolved) must stay inside the referencing file's directory.
export async function resolveRelativeConfigPath(
  referencingPath: string,
  configPath: string,
): Promise<string> {
  if (path.isAbsolute(configPath)) {
    throw new InvalidAgentConfigError({
      message: `Absolute paths are not allowed in AgentRefConfig config_path: ${JSON.stringify(configPath)} (in ${referencingPath})`,
    });
  }
  const agentDir = path.dirname(referencingPath);
  const target = await canonicalPath(path.join(agentDir, configPath));
  const canonicalDir = await canonicalPath(agentDir);
  // The agent directory itself is no config file either.
  if (target === canonicalDir || !isPathInside(canonicalDir, target)) {
    throw new InvalidAgentConfigError({
      message: `Path traversal detected: config_path ${JSON.stringify(configPath)} resolves outside the agent directory (in ${referencingPath})`,
    });
  }
  return target;
}

function isMissingFileError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
