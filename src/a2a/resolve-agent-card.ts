import { readFile } from 'node:fs/promises';
import type { AgentCard } from '@a2a-js/sdk';
import { AgentCardResolutionError } from '../errors/agent-card-resolution-error.js';
import type { A2aClientSdkModule } from './load-a2a-client-sdk.js';
import { describeError } from './describe-error.js';
import {
  LEGACY_COMPAT,
  normalizeAgentCard,
  raiseOldLegacyVersions,
} from './normalize-agent-card.js';

/**
 * Downloads the agent card at `url` (Python `_resolve_agent_card_from_url`):
 * the URL's path is the card's path, the well-known path when it has none.
 * A 0.3 card (what adk-python, adk-go and adk-java serve) comes back in the
 * 1.0 shape with its interfaces marked 0.3 (`normalizeAgentCard`). Throws
 * `AgentCardResolutionError` when the URL is malformed, unreachable or
 * answers an HTTP error or something that is not JSON.
 */
export async function resolveAgentCardFromUrl({
  sdk,
  url,
  fetchImpl,
}: {
  sdk: A2aClientSdkModule;
  url: string;
  fetchImpl: typeof fetch;
}): Promise<AgentCard> {
  try {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch (cause) {
      throw new AgentCardResolutionError({ message: `Invalid URL format: ${url}`, cause });
    }
    const resolver = new sdk.DefaultAgentCardResolver({ fetchImpl, legacyCompat: LEGACY_COMPAT });
    const path = parsed.pathname === '/' ? undefined : `${parsed.pathname}${parsed.search}`;
    return raiseOldLegacyVersions(await resolver.resolve(parsed.origin, path));
  } catch (cause) {
    throw new AgentCardResolutionError({
      message: `Failed to resolve AgentCard from URL ${url}: ${describeError(cause)}`,
      cause,
    });
  }
}

/**
 * The JSON of an agent card file, unchecked. Messages name the file as
 * `label`. Throws `AgentCardResolutionError` when the file cannot be read
 * or is not JSON.
 */
export async function readAgentCardJson({
  filePath,
  label,
}: {
  filePath: string;
  label: string;
}): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (cause) {
    throw new AgentCardResolutionError({
      message: `Failed to resolve AgentCard from file ${label}: ${describeError(cause)}`,
      cause,
    });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new AgentCardResolutionError({
      message: `Invalid JSON in agent card file ${label}: ${describeError(cause)}`,
      cause,
    });
  }
}

/**
 * Reads an agent card from a JSON file (Python
 * `_resolve_agent_card_from_file`), in the 0.3 or the 1.0 form, and gives it
 * in the 1.0 shape (`normalizeAgentCard`). Throws `AgentCardResolutionError`
 * when the file is missing, is not a JSON object or is a 0.3 card lacking a
 * required field.
 */
export async function resolveAgentCardFromFile({
  sdk,
  filePath,
}: {
  sdk: A2aClientSdkModule;
  filePath: string;
}): Promise<AgentCard> {
  const card = await readAgentCardJson({ filePath, label: filePath });
  return normalizeAgentCard({ sdk, card, source: `file ${filePath}` });
}

/**
 * Checks that the card names at least one interface with an absolute http(s)
 * URL to call (Python `_validate_agent_card`); throws
 * `AgentCardResolutionError` otherwise.
 */
export function validateAgentCard(card: AgentCard): void {
  const interfaces = Array.isArray(card.supportedInterfaces) ? card.supportedInterfaces : [];
  if (interfaces.length === 0 || interfaces.every((entry) => !entry?.url)) {
    throw new AgentCardResolutionError({
      message: 'Agent card must have a valid URL for RPC communication',
    });
  }
  for (const entry of interfaces) {
    if (!entry?.url) continue;
    let valid = false;
    try {
      const parsed = new URL(entry.url);
      valid = (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.host !== '';
    } catch {
      valid = false;
    }
    if (!valid) {
      throw new AgentCardResolutionError({
        message: `Invalid RPC URL in agent card: ${entry.url}, error: Invalid RPC URL format`,
      });
    }
  }
}
