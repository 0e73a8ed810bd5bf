import { optionalSdkLoader } from '../models/optional-sdk-loader.js';

/** The parts of `@a2a-js/sdk` the serving side uses, loaded on first use. */
export const loadA2aServerSdk = optionalSdkLoader({
  packageName: '@a2a-js/sdk',
  feature: 'A2A',
  load: async () => {
    const [server, legacy, errors] = await Promise.all([
      import('@a2a-js/sdk/server'),
      import('@a2a-js/sdk/compat/v0_3/server'),
      import('@a2a-js/sdk/errors'),
    ]);
    return { server, legacy, errors };
  },
});
