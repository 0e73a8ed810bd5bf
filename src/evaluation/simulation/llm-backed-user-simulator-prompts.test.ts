import { describe, expect, it } from 'vitest';
import {
  DEFAULT_USER_SIMULATOR_INSTRUCTIONS_TEMPLATE,
  getLlmBackedUserSimulatorPrompt,
  isValidUserSimulatorTemplate,
} from './llm-backed-user-simulator-prompts.js';
import { createDefaultUserPersonaRegistry, PreBuiltBehaviors } from './pre-built-personas.js';
import {
  parseJinjaTemplate,
  renderJinjaTemplate,
  undeclaredJinjaVariables,
} from './jinja-template.js';

const STOP = '</finished>';

describe('getLlmBackedUserSimulatorPrompt', () => {
  it('renders the default template as Jinja does: placeholders filled, the final newline dropped', () => {
    const prompt = getLlmBackedUserSimulatorPrompt({
      conversationPlan: 'Book a flight to LAX.',
      conversationHistory: 'user: hi\n\nagent: hello',
      stopSignal: STOP,
    });
    // Assembled from the reference template: Jinja's default `keep_trailing_newline=False` drops the last "\n".
    const expected = DEFAULT_USER_SIMULATOR_INSTRUCTIONS_TEMPLATE.slice(0, -1)
      .replace('{{ stop_signal }}', STOP)
      .replace('{{ conversation_plan }}', 'Book a flight to LAX.')
      .replace('{{ conversation_history }}', 'user: hi\n\nagent: hello');
    expect(prompt).toBe(expected);
    expect(prompt.startsWith('You are a Simulated User designed to test an AI Agent.\n\n')).toBe(
      true,
    );
    expect(prompt).toContain(
      '* Output `</finished>` to indicate that the conversation with the AI Agents is over.',
    );
    expect(prompt.endsWith('# Conversation History\n\nuser: hi\n\nagent: hello')).toBe(true);
  });

  it('renders the persona template with each behavior, its texts rendered again so {{ stop_signal }} is filled', () => {
    const persona = createDefaultUserPersonaRegistry().getPersona('NOVICE');
    const prompt = getLlmBackedUserSimulatorPrompt({
      conversationPlan: 'PLAN',
      conversationHistory: 'HISTORY',
      stopSignal: STOP,
      userPersona: persona,
    });
    const behavior = (b: (typeof persona.behaviors)[number]) =>
      `\n## ${b.name}\n${b.description.replaceAll('{{ stop_signal }}', STOP)}\n\nInstructions:\n` +
      `${b.behaviorInstructions.map((i) => `  * ${i.replaceAll('{{ stop_signal }}', STOP)}`).join('\n')}\n`;
    const expected =
      'You are a Simulated User designed to test an AI Agent.\n\n' +
      "Your single most important job is to react logically to the Agent's last message while role-playing as the given Persona.\n" +
      'The Conversation Plan is your canonical grounding, not a script; your response MUST be dictated by what the Agent just said.\n\n' +
      '# Persona Description\n\n' +
      `${persona.description}\n` +
      'This persona behaves in the following ways:\n' +
      persona.behaviors.map(behavior).join('') +
      '\n# Conversation Plan\n\nPLAN\n\n# Conversation History\n\nHISTORY';
    expect(prompt).toBe(expected);
    expect(prompt).toContain(
      '  * If the Agent made an illogical or incorrect statement, end the conversation with `</finished>`.',
    );
    expect(prompt).not.toContain('{{');
  });

  it('uses custom instructions as the template, with the persona when they read it', () => {
    const custom =
      'Plan: {{ conversation_plan }} | History: {{ conversation_history }} | Stop: {{ stop_signal }}';
    expect(
      getLlmBackedUserSimulatorPrompt({
        conversationPlan: 'P',
        conversationHistory: 'H',
        stopSignal: STOP,
        customInstructions: custom,
      }),
    ).toBe('Plan: P | History: H | Stop: </finished>');

    const persona = createDefaultUserPersonaRegistry().getPersona('EXPERT');
    const withPersona = `${custom} | {{ persona.id }}{% for b in persona.behaviors %}, {{ b.name }}{% endfor %}`;
    expect(
      getLlmBackedUserSimulatorPrompt({
        conversationPlan: 'P',
        conversationHistory: 'H',
        stopSignal: STOP,
        customInstructions: withPersona,
        userPersona: persona,
      }),
    ).toBe(
      `Plan: P | History: H | Stop: </finished> | EXPERT, ${persona.behaviors.map((b) => b.name).join(', ')}`,
    );
    expect(() =>
      getLlmBackedUserSimulatorPrompt({
        conversationPlan: 'P',
        conversationHistory: 'H',
        stopSignal: STOP,
        customInstructions: custom,
        userPersona: persona,
      }),
    ).toThrow(/Custom instructions using personas must contain/);
  });
});

describe('isValidUserSimulatorTemplate', () => {
  const required = ['stop_signal', 'conversation_plan', 'conversation_history'];

  it('accepts a template reading every required name, wherever it reads them', () => {
    expect(
      isValidUserSimulatorTemplate(
        '{% if conversation_plan %}{{ conversation_plan }}{% endif %} {{ conversation_history | render_string_filter }} {{ stop_signal }}',
        required,
      ),
    ).toBe(true);
  });

  it('refuses a template missing a name, one that reads it only as a loop variable, and broken syntax', () => {
    expect(
      isValidUserSimulatorTemplate('{{ conversation_plan }} {{ stop_signal }}', required),
    ).toBe(false);
    expect(
      isValidUserSimulatorTemplate(
        '{{ conversation_plan }} {{ stop_signal }}{% for conversation_history in x %}{{ conversation_history }}{% endfor %}',
        required,
      ),
    ).toBe(false);
    expect(
      isValidUserSimulatorTemplate(
        '{{ conversation_plan }} {{ stop_signal {{ conversation_history }}',
        required,
      ),
    ).toBe(false);
    expect(
      isValidUserSimulatorTemplate(
        '{% for x in y %}{{ stop_signal }}{{ conversation_plan }}{{ conversation_history }}',
        required,
      ),
    ).toBe(false);
  });
});

describe('the Jinja subset', () => {
  it('keeps block newlines, honours `-` whitespace control and skips comments', () => {
    const template = parseJinjaTemplate(
      'a\n{% for x in xs %}\n[{{ x }}]\n{% endfor %}\nb {#- note -#} c\n{{- " d" }}\n',
    );
    expect(renderJinjaTemplate(template, { xs: [1, 'two'] })).toBe('a\n\n[1]\n\n[two]\n\nbc d');
  });

  it('renders missing names as empty text and never reads inherited properties', () => {
    const template = parseJinjaTemplate(
      '[{{ missing }}][{{ obj.constructor }}][{{ obj.toString }}][{{ list[1] }}]',
    );
    expect(renderJinjaTemplate(template, { obj: {}, list: ['a', 'b'] })).toBe('[][][][b]');
  });

  it('lists the top-level names a template reads', () => {
    const names = undeclaredJinjaVariables(
      parseJinjaTemplate(
        '{{ a.b }}{% for c in d %}{{ c }}{{ e }}{% endfor %}{% if not f %}{% else %}{{ g | h }}{% endif %}',
      ),
    );
    expect([...names].sort()).toEqual(['a', 'd', 'e', 'f', 'g']);
  });
});

describe('pre-built personas', () => {
  it('registers EXPERT, NOVICE and EVALUATOR with the reference behaviours', () => {
    const registry = createDefaultUserPersonaRegistry();
    expect(registry.getRegisteredPersonas().map((p) => p.id)).toEqual([
      'EXPERT',
      'NOVICE',
      'EVALUATOR',
    ]);
    expect(registry.getPersona('EXPERT').behaviors.map((b) => b.name)).toEqual([
      'Advance in the Agent succeeds',
      'Answer only relevant questions',
      'Correct the Agent if it makes a mistake',
      'Troubleshoot once (if necessary)',
      'End the conversation appropriately',
      'Professional tone',
    ]);
    expect(PreBuiltBehaviors.END_NO_TROUBLESHOOTING.description.startsWith(' A conversation')).toBe(
      true,
    );
    expect(() => registry.getPersona('PIRATE')).toThrow(/PIRATE not found in registry/);
  });
});
