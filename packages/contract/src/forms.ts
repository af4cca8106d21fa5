import { z } from 'zod';
import type { TLanguage } from './languages';
import { contractSay } from './validation-text';
import { defineEndpoint } from './endpoint';
import { requiredText, ZId } from './rules';

/** docs/product.md section 3 question types. */
export const QUESTION_TYPES = {
  shortAnswer: 0,
  paragraph: 1,
  multipleChoice: 2,
  checkboxes: 3,
  dropdown: 4,
} as const;
export const QUESTION_TYPE_LABELS = ['Short answer', 'Paragraph', 'Multiple choice', 'Checkboxes', 'Dropdown'] as const;
export const ZQuestionType = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
  error: 'Type must be 0 (Short answer), 1 (Paragraph), 2 (Multiple choice), 3 (Checkboxes) or 4 (Dropdown)',
});
export type TQuestionType = z.infer<typeof ZQuestionType>;
export const hasOptions = (type: number) => type >= 2 && type <= 4;

export const ZFormQuestion = z.object({
  id: z.string(),
  eventId: z.string(),
  type: ZQuestionType,
  label: z.string(),
  required: z.boolean(),
  options: z.array(z.string()),
  position: z.number(),
  perAttendee: z.boolean(),
  /** Whether staff see the answer on the door's card when they scan the ticket. */
  showAtCheckin: z.boolean(),
});
export type TFormQuestion = z.infer<typeof ZFormQuestion>;

export const ZFormQuestionInput = z
  .object({
    id: ZId.optional(),
    type: ZQuestionType,
    label: requiredText('Question', 300),
    required: z.boolean().default(false),
    options: z.array(requiredText('Option', 200)).max(50, 'At most 50 options').default([]),
    perAttendee: z.boolean().default(true),
    showAtCheckin: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (hasOptions(value.type) && value.options.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Add at least one option' });
    }
    if (new Set(value.options).size !== value.options.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Options must be different from each other' });
    }
  })
  .transform((value) => ({ ...value, options: hasOptions(value.type) ? value.options : [] }));

export const ZSaveFormRequest = z.object({
  eventId: ZId,
  /** The whole form in order: questions left out are removed. */
  questions: z
    .array(ZFormQuestionInput)
    .max(100, 'At most 100 questions')
    .superRefine((questions, ctx) => {
      const seen = new Set<string>();
      questions.forEach((question, index) => {
        if (!question.id) return;
        if (seen.has(question.id)) {
          ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'This question is already in the form' });
        }
        seen.add(question.id);
      });
    }),
});
export type TSaveFormRequest = z.input<typeof ZSaveFormRequest>;

/** Answers keyed by question id: a string for types 0, 1, 2 and 4, a list of strings for type 3. */
export const ZAnswers = z.record(z.string(), z.union([z.string().max(5000), z.array(z.string().max(200)).max(50)]));
export type TAnswers = z.infer<typeof ZAnswers>;

/**
 * Answers as they are kept: white space at either end of a text answer or a choice is dropped, and
 * so is a blank answer or an empty list, as if unanswered. The form sends them so, and the server
 * does it again on /registration/save, so the list, the export and the door show one value
 * (docs/decisions/0021-slugs-export-and-answers.md).
 */
export function trimAnswers(answers: TAnswers): TAnswers {
  const result: TAnswers = {};
  for (const [questionId, answer] of Object.entries(answers)) {
    if (Array.isArray(answer)) {
      const choices = answer.map((choice) => choice.trim()).filter((choice) => choice !== '');
      if (choices.length > 0) result[questionId] = choices;
    } else if (answer.trim() !== '') {
      result[questionId] = answer.trim();
    }
  }
  return result;
}

/**
 * Checks answers against the questions (required, option in list); the same rules run in the browser
 * and on the server, each saying its problems in the language asked for (English by default).
 */
export function checkAnswers(
  questions: TFormQuestion[],
  answers: TAnswers,
  language: TLanguage = 'en',
): { questionId: string; message: string }[] {
  const problems: { questionId: string; message: string }[] = [];
  const problem = (question: TFormQuestion, template: string) =>
    problems.push({ questionId: question.id, message: contractSay(language, template, { question: question.label }) });
  for (const question of questions) {
    const answer = answers[question.id];
    const empty = answer === undefined || (Array.isArray(answer) ? answer.length === 0 : answer.trim() === '');
    if (empty) {
      if (question.required) problem(question, '{question} is required');
      continue;
    }
    if (question.type === 3) {
      if (!Array.isArray(answer) || answer.some((choice) => !question.options.includes(choice))) {
        problem(question, '{question}: choose from the listed options');
      }
    } else if (typeof answer !== 'string') {
      problem(question, '{question} takes one answer');
    } else if (hasOptions(question.type) && !question.options.includes(answer)) {
      problem(question, '{question}: choose one of the listed options');
    }
  }
  return problems;
}

export const formEndpoints = {
  getFormQuestions: defineEndpoint({
    method: 'GET',
    optionalAuth: true,
    path: '/form/getFormQuestions',
    access: 'public',
    summary: "An event's registration form questions, in order",
    query: z.object({ eventId: ZId }),
    response: z.array(ZFormQuestion),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/form/save',
    access: 'admin',
    summary: "Replace an event's registration form",
    body: ZSaveFormRequest,
    response: z.array(ZFormQuestion),
  }),
};
