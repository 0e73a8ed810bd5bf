import { NotSupportedError } from '../errors/not-supported-error.js';
import { UnsupportedServiceUriError } from '../errors/unsupported-service-uri-error.js';

/**
 * Checks `--eval_storage_uri`. adk-python accepts only `gs://<bucket>`
 * (Google Cloud Storage), which this package does not implement: a `gs://`
 * URI is a `NotSupportedError` naming GCS and what to do instead, and any
 * other value an `UnsupportedServiceUriError` (the reference's
 * "Unsupported evals storage URI" naming `gs://` as the supported form).
 * Never returns: without the option, eval sets and results are stored under
 * the agents directory.
 */
export function refuseEvalStorageUri(uri: string): never {
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(uri)?.[1] ?? '';
  if (scheme.toLowerCase() === 'gs') {
    throw new NotSupportedError({
      message:
        '--eval_storage_uri gs://… stores eval sets and results in Google Cloud Storage (GCS), ' +
        'which @adk-ts/adk does not support. Leave the option out to keep them under the agents ' +
        'directory (<app>/*.evalset.json and <app>/.adk/eval_history/).',
    });
  }
  throw new UnsupportedServiceUriError({
    service: 'evals storage',
    scheme,
    supportedSchemes: ['gs'],
  });
}
