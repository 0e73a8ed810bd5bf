/** One rubric's verdict as a judge wrote it (Python `RubricResponse`). */
export interface RubricResponse {
  readonly propertyText?: string | undefined;
  readonly rationale?: string | undefined;
  readonly score?: number | undefined;
}

/** Reads a rubric judge's answer into per-rubric verdicts (Python `AutoRaterResponseParser`). */
export interface AutoRaterResponseParser {
  parse(autoRaterResponse: string): RubricResponse[];
}

const PROPERTY = /(?<=Property: )(.*)/g;
const RATIONALE = /(?<=Rationale: )(.*)/g;
const VERDICT = /(?<=Verdict: )(.*)/g;

function findAll(pattern: RegExp, text: string): string[] {
  return [...text.matchAll(pattern)].map((match) => match[1] ?? '');
}

/**
 * The reference's parser (Python `DefaultAutoRaterResponseParser`): the rest
 * of each line after `Property: `, `Rationale: ` and `Verdict: `, paired in
 * order (as many verdicts as the shortest of the three lists). A verdict
 * containing "yes" (any case) scores 1, else one containing "no" scores 0,
 * else it has no score.
 */
export class DefaultAutoRaterResponseParser implements AutoRaterResponseParser {
  parse(autoRaterResponse: string): RubricResponse[] {
    const properties = findAll(PROPERTY, autoRaterResponse);
    const rationales = findAll(RATIONALE, autoRaterResponse);
    const verdicts = findAll(VERDICT, autoRaterResponse).map((verdict) => {
      const lower = verdict.toLowerCase();
      if (lower.includes('yes')) return 1;
      if (lower.includes('no')) return 0;
      return undefined;
    });
    const count = Math.min(properties.length, rationales.length, verdicts.length);
    const responses: RubricResponse[] = [];
    for (let index = 0; index < count; index++) {
      responses.push({
        propertyText: pythonTrim(properties[index] ?? ''),
        rationale: pythonTrim(rationales[index] ?? ''),
        score: verdicts[index],
      });
    }
    return responses;
  }
}

// Python's `str.strip()` with no argument: whitespace at both ends.
function pythonTrim(text: string): string {
  return text.trim();
}
