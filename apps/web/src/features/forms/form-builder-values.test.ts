import { ZSaveFormRequest, type TFormQuestion } from '@clubtix/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { draftsToQuestions, draftsToRequest, newQuestion, questionsToDrafts, withType } from './form-builder-values';
import { i18n, startI18n } from '../../i18n/i18n';

const saved: TFormQuestion[] = [
  {
    id: 'q2',
    eventId: 'e1',
    type: 4,
    label: 'Size',
    required: true,
    options: ['S', 'M'],
    position: 1,
    perAttendee: true,
    showAtCheckin: true,
  },
  {
    id: 'q1',
    eventId: 'e1',
    type: 0,
    label: 'Club',
    required: false,
    options: [],
    position: 0,
    perAttendee: false,
    showAtCheckin: false,
  },
];

// The helpers read the English catalogue (docs/product.md section 22).
beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('forms');
});

describe('form builder values', () => {
  it('edits saved questions in their order and sends them back with their ids', () => {
    const drafts = questionsToDrafts(saved);
    expect(drafts.questions.map((question) => question.id)).toEqual(['q1', 'q2']);
    const request = draftsToRequest(drafts, 'e1');
    expect(request.questions[0]).toEqual({
      id: 'q1',
      type: 0,
      label: 'Club',
      required: false,
      options: [],
      perAttendee: false,
      showAtCheckin: false,
    });
    expect(request.questions[1]).toMatchObject({ id: 'q2', showAtCheckin: true });
    expect(ZSaveFormRequest.safeParse(request).success).toBe(true);
  });

  it('gives a choice question an option line and keeps options across type changes', () => {
    const choice = withType(newQuestion(), 2);
    expect(choice.options).toEqual(['']);
    const text = withType({ ...choice, options: ['Yes', 'No'] }, 1);
    expect(text.options).toEqual(['Yes', 'No']);
    expect(draftsToRequest({ questions: [{ ...text, label: 'Why?' }] }, 'e1').questions[0]?.options).toEqual([]);
    expect(withType(text, 3).options).toEqual(['Yes', 'No']);
  });

  it('drops a blank last option line but lets the schema refuse a choice with none', () => {
    const question = { ...withType(newQuestion(), 4), label: 'Meal' };
    const request = draftsToRequest({ questions: [question] }, 'e1');
    expect(request.questions[0]?.options).toEqual([]);
    const result = ZSaveFormRequest.safeParse(request);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['questions', 0, 'options'],
      message: 'Add at least one option',
    });
  });

  it('previews untitled questions and skips blank options', () => {
    const question = { ...withType(newQuestion(), 2), options: ['A', '', 'B', ''] };
    expect(draftsToQuestions({ questions: [question] }, 'e1')[0]).toMatchObject({
      label: 'Question 1',
      options: ['A', 'B'],
      position: 0,
    });
  });
});
