import type { z } from 'zod';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import type { EvalMetric } from '../eval-metrics.js';

/**
 * The criterion of `evalMetric` read as `schema` (Python
 * `criterion_type.model_validate(criterion.model_dump())`). A metric without
 * a criterion, or with one of another shape, throws `InvalidArgumentError`
 * with Python's message: "`<metric>` metric expects a criterion of type `<type>`."
 */
export function parseCriterion<S extends z.ZodType>(
  evalMetric: EvalMetric,
  schema: S,
  criterionTypeName: string,
): z.output<S> {
  const message = `\`${evalMetric.metricName}\` metric expects a criterion of type \`${criterionTypeName}\`.`;
  if (evalMetric.criterion === undefined || evalMetric.criterion === null) {
    throw new InvalidArgumentError({ message, argument: 'evalMetric' });
  }
  const parsed = schema.safeParse(evalMetric.criterion);
  if (!parsed.success) {
    throw new InvalidArgumentError({ message, argument: 'evalMetric', cause: parsed.error });
  }
  return parsed.data;
}
