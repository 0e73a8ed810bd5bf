import type * as A2aSdk from '@a2a-js/sdk';
import type * as A2aClientSdk from '@a2a-js/sdk/client';
import { optionalSdkLoader } from '../models/optional-sdk-loader.js';

/** The npm package A2A needs. */
export const A2A_SDK_PACKAGE = '@a2a-js/sdk';

/** What `RemoteA2aAgent` uses of `@a2a-js/sdk` at run time. */
export interface A2aClientSdkModule {
  ClientFactory: typeof A2aClientSdk.ClientFactory;
  ClientFactoryOptions: typeof A2aClientSdk.ClientFactoryOptions;
  DefaultAgentCardResolver: typeof A2aClientSdk.DefaultAgentCardResolver;
  JsonRpcTransportFactory: typeof A2aClientSdk.JsonRpcTransportFactory;
  RestTransportFactory: typeof A2aClientSdk.RestTransportFactory;
  Message: typeof A2aSdk.Message;
  Task: typeof A2aSdk.Task;
}

/**
 * The A2A SDK's client side, imported on first use so that loading this
 * package does not load the SDK. Throws `MissingDependencyError` naming
 * `@a2a-js/sdk` when it is not installed.
 */
export const loadA2aClientSdk: () => Promise<A2aClientSdkModule> = optionalSdkLoader({
  packageName: A2A_SDK_PACKAGE,
  feature: 'RemoteA2aAgent',
  load: () =>
    Promise.all([import('@a2a-js/sdk'), import('@a2a-js/sdk/client')]).then(([core, client]) => ({
      ClientFactory: client.ClientFactory,
      ClientFactoryOptions: client.ClientFactoryOptions,
      DefaultAgentCardResolver: client.DefaultAgentCardResolver,
      JsonRpcTransportFactory: client.JsonRpcTransportFactory,
      RestTransportFactory: client.RestTransportFactory,
      Message: core.Message,
      Task: core.Task,
    })),
});
