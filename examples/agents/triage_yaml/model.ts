import { textResponse, ScriptedLlm } from '@adk-ts/adk/testing';

/**
 * A stand-in for Gemini that needs no network (the repository's scripted
 * model): it answers from the last user turn. Replace `model_code` with
 * `model: gemini-2.5-flash` in answerer.yaml to use a real model.
 */
export const offlineSupportModel = new ScriptedLlm({
  responses: (request) => {
    const question = (request.contents.at(-1)?.parts ?? []).map((part) => part.text ?? '').join('');
    return /password/i.test(question)
      ? textResponse('Use "Forgot password" on the sign-in page to reset it.')
      : textResponse('A support agent will reply by email within a day.');
  },
});
