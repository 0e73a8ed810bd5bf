import type { AgentCard } from '@a2a-js/sdk';
import { AgentCardResolutionError } from '../errors/agent-card-resolution-error.js';
import { AdkError } from '../errors/adk-error.js';
import type { LegacyAgentCardJson } from './legacy-agent-card.js';
import { loadA2aClientSdk } from './load-a2a-client-sdk.js';
import { normalizeAgentCard } from './normalize-agent-card.js';
import { readAgentCardJson, validateAgentCard } from './resolve-agent-card.js';

/** A card an A2A endpoint serves from a file, in both protocol versions. */
export interface ServedAgentCard {
  /** The card in the 1.0 shape (a 0.3 file translated). */
  card: AgentCard;
  /** The file's own JSON when it is a 0.3 card, served as it is to 0.3 callers. */
  legacyJson?: LegacyAgentCardJson;
}

function isLegacyShaped(json: Record<string, unknown>): boolean {
  const interfaces = json['supportedInterfaces'];
  return !Array.isArray(interfaces) || interfaces.length === 0;
}

/**
 * Reads the card an app serves over A2A from its `agent.json` (adk-python's
 * `--a2a` card file), in the 0.3 form (`url`, `preferredTransport`) or the
 * 1.0 form (`supportedInterfaces`). The card must be a JSON object with a
 * `name` and an absolute http(s) RPC URL; a 0.3 card must also have the
 * fields 0.3 requires (`capabilities`, `skills`, the default modes). Lists a
 * 1.0 card leaves out are empty. `label` names the file in messages (the
 * server passes `<app_name>/agent.json`, keeping its directory out of
 * answers). Throws `AgentCardResolutionError` saying what is wrong, or
 * `MissingDependencyError` without `@a2a-js/sdk`.
 */
export async function readServedAgentCard({
  filePath,
  label,
}: {
  filePath: string;
  label: string;
}): Promise<ServedAgentCard> {
  const sdk = await loadA2aClientSdk();
  const json = await readAgentCardJson({ filePath, label });
  const normalized = normalizeAgentCard({ sdk, card: json, source: `file ${label}` });
  const card: AgentCard = {
    ...normalized,
    skills: normalized.skills ?? [],
    defaultInputModes: normalized.defaultInputModes ?? [],
    defaultOutputModes: normalized.defaultOutputModes ?? [],
    capabilities: normalized.capabilities ?? {
      streaming: false,
      pushNotifications: false,
      extensions: [],
    },
    securitySchemes: normalized.securitySchemes ?? {},
    securityRequirements: normalized.securityRequirements ?? [],
    signatures: normalized.signatures ?? [],
  };
  try {
    if (typeof card.name !== 'string' || card.name.trim() === '') {
      throw new AgentCardResolutionError({ message: 'the card has no name' });
    }
    validateAgentCard(card);
  } catch (error) {
    if (!AdkError.isInstance(error)) throw error;
    throw new AgentCardResolutionError({
      message: `Invalid agent card ${label}: ${error.message}`,
      cause: error,
    });
  }
  const legacy = isLegacyShaped(json as Record<string, unknown>);
  return legacy ? { card, legacyJson: json as LegacyAgentCardJson } : { card };
}
