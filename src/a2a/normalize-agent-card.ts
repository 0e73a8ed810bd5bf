import type { AgentCard } from '@a2a-js/sdk';
import { AgentCardResolutionError } from '../errors/agent-card-resolution-error.js';
import { describeError } from './describe-error.js';
import type { A2aClientSdkModule } from './load-a2a-client-sdk.js';

/**
 * The SDK's A2A 0.3 compatibility switch, on for every resolver and
 * transport factory `RemoteA2aAgent` builds: a 0.3 card (adk-python's,
 * adk-go's, adk-java's) is translated to the 1.0 shape, its interfaces
 * marked 0.3, and calls to them go through the SDK's 0.3 transports.
 */
export const LEGACY_COMPAT = { enabled: true } as const;

const LEGACY_INTERFACE_VERSION = '0.3';

// A 0.2 card (a2a-sdk 0.2 servers) names the same JSON-RPC methods as 0.3; the
// SDK only routes [0.3, 1.0) to its 0.3 transport, so older versions are raised to 0.3.
function isBelowLegacy(version: string): boolean {
  const match = /^\s*0(?:\.(\d+))?/.exec(version);
  return match !== null && Number(match[1] ?? 0) < 3;
}

/**
 * Gives a card read from JSON (a 0.3 card with `url` and
 * `preferredTransport`, or a 1.0 card with `supportedInterfaces`) in the
 * SDK's 1.0 `AgentCard` shape, as the SDK's own card resolver does with
 * `legacyCompat` on (`DefaultAgentCardResolver.normalizeAgentCard`); a 1.0
 * card comes back as it is. Interfaces of protocol 0.2 are marked 0.3 (the
 * same JSON-RPC methods). Throws `AgentCardResolutionError`, its message
 * `Failed to resolve AgentCard from <source>: …`, when the card is not a
 * JSON object or a 0.3 card lacks a required field.
 */
export function normalizeAgentCard({
  sdk,
  card,
  source,
}: {
  sdk: A2aClientSdkModule;
  card: unknown;
  source: string;
}): AgentCard {
  if (typeof card !== 'object' || card === null || Array.isArray(card)) {
    throw new AgentCardResolutionError({
      message: `Failed to resolve AgentCard from ${source}: the card is not a JSON object`,
    });
  }
  let normalized: AgentCard;
  try {
    normalized = new sdk.DefaultAgentCardResolver({
      legacyCompat: LEGACY_COMPAT,
    }).normalizeAgentCard(card);
  } catch (cause) {
    throw new AgentCardResolutionError({
      message: `Failed to resolve AgentCard from ${source}: ${describeError(cause)}`,
      cause,
    });
  }
  return raiseOldLegacyVersions(normalized);
}

/** `card` with every interface of a protocol below 0.3 marked 0.3 (see `normalizeAgentCard`). */
export function raiseOldLegacyVersions(card: AgentCard): AgentCard {
  const interfaces = Array.isArray(card.supportedInterfaces) ? card.supportedInterfaces : [];
  if (!interfaces.some((entry) => entry && isBelowLegacy(entry.protocolVersion ?? ''))) return card;
  return {
    ...card,
    supportedInterfaces: interfaces.map((entry) =>
      entry && isBelowLegacy(entry.protocolVersion ?? '')
        ? { ...entry, protocolVersion: LEGACY_INTERFACE_VERSION }
        : entry,
    ),
  };
}
