/**
 * Auth providers: an `AuthenticatedFunctionTool` gets its API key from a
 * custom provider (here, a table of keys per user standing in for a secret
 * manager), so the user is never asked. A user the provider has no key for
 * is asked through `adk_request_credential`, as without a provider.
 *
 * Run: npx tsx examples/auth-provider/main.ts
 */
import {
  AuthenticatedFunctionTool,
  AuthProviderRegistry,
  BaseAuthProvider,
  InMemoryRunner,
  LlmAgent,
  type AuthCredential,
  type AuthSchemeType,
  type GetAuthCredentialRequest,
} from '@adk-ts/adk';
import { ScriptedLlm, functionCallResponse, textResponse } from '@adk-ts/adk/testing';
import { z } from 'zod';

/** Reads API keys from a vault; returns undefined for a user it has no key for. */
class VaultProvider extends BaseAuthProvider {
  constructor(private readonly vault: ReadonlyMap<string, string>) {
    super();
  }
  override get supportedAuthSchemes(): readonly AuthSchemeType[] {
    return ['apiKey'];
  }
  override async getAuthCredential({
    context,
  }: GetAuthCredentialRequest): Promise<AuthCredential | undefined> {
    const apiKey = this.vault.get(context.userId);
    return apiKey === undefined ? undefined : { authType: 'apiKey', apiKey };
  }
}

const registry = new AuthProviderRegistry();
registry.register(new VaultProvider(new Map([['alice', 'vault-key-alice']])));

const getWeather = new AuthenticatedFunctionTool({
  name: 'get_weather',
  description: 'The weather of a city.',
  parameters: z.object({ city: z.string() }),
  authConfig: {
    authScheme: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
    rawAuthCredential: { authType: 'apiKey' },
  },
  authProviderRegistry: registry,
  // A real tool would send the key in the X-Api-Key header.
  execute: ({ city }, _context, credential) => ({
    city,
    weather: 'sunny',
    keyFrom: credential?.apiKey?.startsWith('vault-') ? 'vault' : 'user',
  }),
});

for (const userId of ['alice', 'bob']) {
  const agent = new LlmAgent({
    name: 'forecaster',
    model: new ScriptedLlm({
      responses: [functionCallResponse('get_weather', { city: 'Lisbon' }), textResponse('Done.')],
    }),
    tools: [getWeather],
  });
  const runner = new InMemoryRunner({ agent, appName: 'provider_demo' });
  const session = await runner.sessionService.createSession({ appName: 'provider_demo', userId });
  console.log(`-- ${userId} --`);
  for await (const event of runner.runAsync({
    userId,
    sessionId: session.id,
    newMessage: { role: 'user', parts: [{ text: 'Weather in Lisbon?' }] },
  })) {
    for (const part of event.content?.parts ?? []) {
      if (part.functionCall) console.log(`${event.author}: calls ${part.functionCall.name}`);
      if (part.functionResponse) {
        console.log(`${event.author}: ${JSON.stringify(part.functionResponse.response)}`);
      }
    }
  }
}
