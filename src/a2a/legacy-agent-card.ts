import type { AgentCard } from '@a2a-js/sdk';

/** The protocol version a 0.3 card declares. */
export const LEGACY_CARD_PROTOCOL_VERSION = '0.3.0';

/**
 * An agent card in the A2A 0.3 JSON form, as adk-python, adk-go and
 * adk-java serve it: one RPC `url` with its `preferredTransport` (default
 * `JSONRPC`), other endpoints in `additionalInterfaces`, and a card-level
 * `protocolVersion`. Fields beyond those named are kept as they are.
 */
export interface LegacyAgentCardJson {
  protocolVersion?: string;
  name: string;
  description: string;
  url: string;
  preferredTransport?: string;
  additionalInterfaces?: { url: string; transport: string }[];
  version: string;
  capabilities: { streaming?: boolean; pushNotifications?: boolean; [field: string]: unknown };
  defaultInputModes: string[];
  defaultOutputModes: string[];
  skills: {
    id: string;
    name: string;
    description: string;
    tags: string[];
    [field: string]: unknown;
  }[];
  supportsAuthenticatedExtendedCard?: boolean;
  [field: string]: unknown;
}

/**
 * An agent card in its A2A 0.3 JSON form (what adk-python's and other
 * 0.3 clients read): `url` and `preferredTransport` from the first
 * JSON-RPC interface, `protocolVersion` 0.3.0, the capabilities, modes and
 * skills (empty optional lists left out), and
 * `supportsAuthenticatedExtendedCard`. Security schemes are not carried.
 */
export function toLegacyAgentCard(card: AgentCard): LegacyAgentCardJson {
  const jsonRpc =
    card.supportedInterfaces.find((entry) => entry.protocolBinding === 'JSONRPC') ??
    card.supportedInterfaces[0];
  const nonEmpty = (list: readonly unknown[] | undefined) => (list?.length ? list : undefined);
  return {
    protocolVersion: LEGACY_CARD_PROTOCOL_VERSION,
    name: card.name,
    description: card.description,
    url: jsonRpc?.url ?? '',
    preferredTransport: jsonRpc?.protocolBinding ?? 'JSONRPC',
    version: card.version,
    ...(card.documentationUrl ? { documentationUrl: card.documentationUrl } : {}),
    ...(card.iconUrl ? { iconUrl: card.iconUrl } : {}),
    ...(card.provider ? { provider: card.provider } : {}),
    capabilities: {
      streaming: card.capabilities?.streaming ?? false,
      pushNotifications: card.capabilities?.pushNotifications ?? false,
    },
    defaultInputModes: card.defaultInputModes,
    defaultOutputModes: card.defaultOutputModes,
    skills: card.skills.map((skill) => ({
      id: skill.id,
      name: skill.name,
      description: skill.description,
      tags: skill.tags,
      ...(nonEmpty(skill.examples) ? { examples: skill.examples } : {}),
      ...(nonEmpty(skill.inputModes) ? { inputModes: skill.inputModes } : {}),
      ...(nonEmpty(skill.outputModes) ? { outputModes: skill.outputModes } : {}),
    })),
    supportsAuthenticatedExtendedCard: card.capabilities?.extendedAgentCard ?? false,
  };
}
