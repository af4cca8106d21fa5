import { hasOptions, type TFormQuestion, type TQuestionType, type TSaveFormRequest } from '@clubtix/contract';
import { withoutTrailingBlanks } from '../../lib/text-lists';
import { i18n } from '../../i18n/i18n';

/** A question being edited; `key` identifies it in the list until the server gives it an id. */
export type QuestionDraft = {
  key: string;
  id?: string;
  type: TQuestionType;
  label: string;
  required: boolean;
  options: string[];
  perAttendee: boolean;
  showAtCheckin: boolean;
};

export type FormBuilderValues = { questions: QuestionDraft[] };

let nextKey = 0;
function newKey(): string {
  nextKey += 1;
  return `new-${nextKey}`;
}

export function questionsToDrafts(questions: readonly TFormQuestion[]): FormBuilderValues {
  return {
    questions: [...questions]
      .sort((a, b) => a.position - b.position)
      .map((question) => ({
        key: question.id,
        id: question.id,
        type: question.type,
        label: question.label,
        required: question.required,
        options: [...question.options],
        perAttendee: question.perAttendee,
        showAtCheckin: question.showAtCheckin,
      })),
  };
}

export function newQuestion(): QuestionDraft {
  return { key: newKey(), type: 0, label: '', required: false, options: [], perAttendee: true, showAtCheckin: false };
}

/** A question of another type keeps its options, so switching back and forth loses nothing typed. */
export function withType(question: QuestionDraft, type: TQuestionType): QuestionDraft {
  const options = hasOptions(type) && question.options.length === 0 ? [''] : question.options;
  return { ...question, type, options };
}

/** The whole form as POST /form/save takes it, in the order shown. */
export function draftsToRequest(values: FormBuilderValues, eventId: string): TSaveFormRequest {
  return {
    eventId,
    questions: values.questions.map((question) => ({
      ...(question.id ? { id: question.id } : {}),
      type: question.type,
      label: question.label,
      required: question.required,
      options: hasOptions(question.type) ? withoutTrailingBlanks(question.options) : [],
      perAttendee: question.perAttendee,
      showAtCheckin: question.showAtCheckin,
    })),
  };
}

/** The drafts as the questions the public form will show, for the preview. */
export function draftsToQuestions(values: FormBuilderValues, eventId: string): TFormQuestion[] {
  return values.questions.map((question, position) => ({
    id: question.key,
    eventId,
    type: question.type,
    // The form builder page loads the `forms` catalogue.
    label: question.label.trim() || i18n.t('forms:editor.question', { number: position + 1 }),
    required: question.required,
    options: hasOptions(question.type) ? withoutTrailingBlanks(question.options).filter((option) => option.trim()) : [],
    position,
    perAttendee: question.perAttendee,
    showAtCheckin: question.showAtCheckin,
  }));
}
