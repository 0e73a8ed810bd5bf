import { parseAuthConfig, type AuthConfig } from '../auth/auth-config.js';
import { Context } from '../context/context.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { createEvent, type Event } from '../events/event.js';
import { createEventActions } from '../events/event-actions.js';
import { isBaseToolset } from '../tools/base-toolset.js';
import { CredentialManager } from '../tools/credential-manager.js';
import { generateAuthEvent } from './functions.js';
import type { LlmAgentContract } from './llm-agent-contract.js';
import { TOOLSET_AUTH_CREDENTIAL_ID_PREFIX } from './processors/auth-preprocessor.js';

/**
 * Toolset authentication, before the agent's tools are listed (Python
 * `resolve_toolset_auth`, spec 000 §2.5 step 2). For each toolset in
 * `agent.tools` whose `getAuthConfig()` gives a config, the credential is
 * looked up on a copy of the config by a `CredentialManager` (auth
 * provider, configured credential, credential service, the client's answer,
 * which is then saved with the credential service):
 *
 * - found: it goes into the invocation's `credentialByKey` under the
 *   config's credential key, where `getTools` and the toolset's tools read
 *   it (`ReadonlyContext.getCredential`). The toolset's own config is never
 *   written: one toolset serves every user and session at once.
 * - not found: one event asks the client for every missing credential
 *   (`adk_request_credential`, long-running, call id
 *   `_adk_toolset_auth_<credentialKey>`; toolsets sharing a key share a
 *   request) and the invocation stops (`endInvocation`). The client's answer
 *   starts the next invocation, whose auth step stores it; this step then
 *   finds it.
 *
 * Errors of the lookup (an `AuthProviderError`, a failing credential
 * service) propagate.
 */
export async function* resolveToolsetAuth(
  context: InvocationContext,
  agent: LlmAgentContract,
): AsyncGenerator<Event, void, undefined> {
  const pending = new Map<string, AuthConfig>();
  for (const toolUnion of agent.tools) {
    if (!isBaseToolset(toolUnion)) continue;
    const declared = toolUnion.getAuthConfig?.();
    if (!declared) continue;
    // A copy per invocation: the lookup and the request never touch the toolset's config.
    const config = parseAuthConfig(structuredClone(declared));
    const key = config.credentialKey!;
    const credential = await new CredentialManager({ authConfig: config }).getAuthCredential(
      new Context(context),
    );
    if (credential) context.credentialByKey.set(key, credential);
    else pending.set(`${TOOLSET_AUTH_CREDENTIAL_ID_PREFIX}${key}`, config);
  }
  if (pending.size === 0) return;

  const requested: Record<string, unknown> = {};
  for (const [callId, config] of pending) {
    // The tool context's request builds what the client sees (no client secret, the OAuth2 URI).
    const asker = new Context(context, { functionCallId: callId });
    asker.requestCredential(config);
    Object.assign(requested, asker.actions.requestedAuthConfigs);
  }
  const carrier = createEvent({
    invocationId: context.invocationId,
    author: agent.name,
    actions: createEventActions({
      requestedAuthConfigs: requested as Record<string, AuthConfig>,
    }),
  });
  const request = generateAuthEvent(context, carrier);
  if (request) yield request;
  context.endInvocation = true;
}
