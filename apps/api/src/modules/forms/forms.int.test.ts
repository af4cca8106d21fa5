import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TEvent, type TFormQuestion, type TSaveFormRequest } from '@clubtix/contract';
import { anyString, createEvent, payloadOf, saveForm } from '../../../test/catalogue';
import { call, createClubWithAdmin, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

type Questions = TSaveFormRequest['questions'];

/** The registration form of an event (docs/product.md section 3 question types, docs/product.md section 14). */
describe('registration forms', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof createClubWithAdmin>>;
  let b: Awaited<ReturnType<typeof createClubWithAdmin>>;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createClubWithAdmin(t);
    b = await createClubWithAdmin(t);
  });
  afterAll(async () => t.close());

  // Raw: the tests of refused forms send question lists the contract does not take.
  const post = (token: string, eventId: string, questions: unknown) =>
    call(t, 'POST', '/form/save', { token, body: { eventId, questions } });
  const read = (eventId: string, token?: string) =>
    callEndpoint(t, endpoints.form.getFormQuestions, { token, query: { eventId } });
  const questionsOf = async (eventId: string) => expectPayload(await read(eventId, a.admin.token));
  const newEvent = (status: TEvent['status'] = 'published') =>
    createEvent(t, a.admin.token, { title: 'Form Event', status });

  const allTypes: Questions = [
    { type: 0, label: ' Name on badge ', required: true },
    { type: 1, label: 'Dietary needs', options: ['ignored'] },
    { type: 2, label: 'Boat class', options: ['Laser', 'Optimist'], perAttendee: false },
    { type: 3, label: 'Sessions', options: ['Morning', 'Afternoon'] },
    { type: 4, label: 'T-shirt size', options: ['S', 'M', 'L'], required: true, showAtCheckin: true },
  ];

  describe('POST /form/save', () => {
    it('saves the questions in order, with options only for types 2-4', async () => {
      const event = await newEvent();
      const response = await post(a.admin.token, event.id, allTypes);
      expect(response.body.msg).toBe('Form saved');
      const saved = payloadOf<TFormQuestion[]>(response);
      expect(saved).toEqual(
        [
          { type: 0, label: 'Name on badge', required: true, options: [], perAttendee: true },
          { type: 1, label: 'Dietary needs', required: false, options: [], perAttendee: true },
          { type: 2, label: 'Boat class', required: false, options: ['Laser', 'Optimist'], perAttendee: false },
          { type: 3, label: 'Sessions', required: false, options: ['Morning', 'Afternoon'], perAttendee: true },
          { type: 4, label: 'T-shirt size', required: true, options: ['S', 'M', 'L'], perAttendee: true },
        ].map((question, position) => ({
          ...question,
          showAtCheckin: position === 4,
          id: anyString,
          eventId: event.id,
          position,
        })),
      );
      expect(await questionsOf(event.id)).toEqual(saved);
    });

    it('replaces the list: kept questions keep their ids, missing ones go, new ones come, in the new order', async () => {
      const event = await newEvent();
      const [name, diet, boat] = await saveForm(t, a.admin.token, event.id, allTypes.slice(0, 3));
      const saved = await saveForm(t, a.admin.token, event.id, [
        { id: boat!.id, type: 2, label: 'Boat class', options: ['Laser', 'Topper'] },
        { type: 0, label: 'Club number' },
        { id: name!.id, type: 0, label: 'Name on badge', required: false },
      ]);
      const fresh = saved[1]!.id;
      expect([name!.id, diet!.id, boat!.id]).not.toContain(fresh);
      expect(saved.map(({ id, label, position, options }) => ({ id, label, position, options }))).toEqual([
        { id: boat!.id, label: 'Boat class', position: 0, options: ['Laser', 'Topper'] },
        { id: fresh, label: 'Club number', position: 1, options: [] },
        { id: name!.id, label: 'Name on badge', position: 2, options: [] },
      ]);
      expect(await questionsOf(event.id)).toEqual(saved);
      expect(await saveForm(t, a.admin.token, event.id, [])).toEqual([]);
      expect(await questionsOf(event.id)).toEqual([]);
    });

    it('keeps which questions show at check-in, off unless marked, and a save replaces the mark with the rest', async () => {
      const event = await newEvent();
      const [diet, size] = await saveForm(t, a.admin.token, event.id, [
        { type: 0, label: 'Diet', showAtCheckin: true },
        { type: 0, label: 'Size' },
      ]);
      expect([diet?.showAtCheckin, size?.showAtCheckin]).toEqual([true, false]);
      expect((await questionsOf(event.id)).map((question) => question.showAtCheckin)).toEqual([true, false]);

      const swapped = await saveForm(t, a.admin.token, event.id, [
        { id: diet!.id, type: 0, label: 'Diet', showAtCheckin: false },
        { id: size!.id, type: 0, label: 'Size', showAtCheckin: true },
      ]);
      expect(swapped.map(({ id, showAtCheckin }) => ({ id, showAtCheckin }))).toEqual([
        { id: diet!.id, showAtCheckin: false },
        { id: size!.id, showAtCheckin: true },
      ]);

      // The form is saved whole: a question sent without the mark takes its default, as `required` does.
      const [resent] = await saveForm(t, a.admin.token, event.id, [{ id: size!.id, type: 0, label: 'Size' }]);
      expect(resent).toMatchObject({ id: size!.id, showAtCheckin: false });
      expect(await questionsOf(event.id)).toEqual([resent]);
    });

    it('answers 400 for a mark that is not a boolean', async () => {
      const event = await newEvent();
      const response = await post(a.admin.token, event.id, [{ type: 0, label: 'Diet', showAtCheckin: 'yes' }]);
      expectError(response, 400, 'BAD_INPUT', /^questions\.0\.showAtCheckin: /);
    });

    it('adds a question whose id belongs to another event as a new one, leaving that event alone', async () => {
      const [first, second] = [await newEvent(), await newEvent()];
      const [foreign] = await saveForm(t, a.admin.token, first.id, [{ type: 0, label: 'Original' }]);
      const [added] = await saveForm(t, a.admin.token, second.id, [{ id: foreign!.id, type: 0, label: 'Copy' }]);
      expect(added).toMatchObject({ eventId: second.id, label: 'Copy' });
      expect(added!.id).not.toBe(foreign!.id);
      expect(await questionsOf(first.id)).toEqual([foreign]);
    });

    it.each([
      [
        'a choice without options',
        [allTypes[0], { type: 2, label: 'Pick' }],
        'questions.1.options',
        'questions.1.options: Add at least one option',
      ],
      [
        'checkboxes without options',
        [{ type: 3, label: 'Tick', options: [] }],
        'questions.0.options',
        /^questions\.0\.options: Add at least one option/,
      ],
      ['a dropdown without options', [{ type: 4, label: 'Drop' }], 'questions.0.options', /^questions\.0\.options: /],
      [
        'duplicate options',
        [{ type: 2, label: 'Pick', options: ['A', ' A'] }],
        'questions.0.options',
        'questions.0.options: Options must be different from each other',
      ],
      [
        'an empty option',
        [{ type: 2, label: 'Pick', options: ['A', ''] }],
        'questions.0.options.1',
        'questions.0.options.1: Option is required',
      ],
      [
        'type 5',
        [{ type: 5, label: 'Upload' }],
        'questions.0.type',
        /^questions\.0\.type: Type must be 0 \(Short answer\)/,
      ],
      ['type "0"', [{ type: '0', label: 'Name' }], 'questions.0.type', /^questions\.0\.type: /],
      ['a blank label', [{ type: 0, label: ' ' }], 'questions.0.label', 'questions.0.label: Question is required'],
      ['the same question twice', 'twice', 'questions.1.id', /^questions\.1\.id: /],
      ['questions that are not a list', { type: 0, label: 'x' }, 'questions', /^questions: /],
    ])('answers 400 for %s, and keeps the form as it was', async (_title, questions, field, msg) => {
      const event = await newEvent();
      const before = await saveForm(t, a.admin.token, event.id, [{ type: 0, label: 'Kept' }]);
      const sent = questions === 'twice' ? [before[0], before[0]] : questions;
      const response = await post(a.admin.token, event.id, sent);
      expectError(response, 400, 'BAD_INPUT', msg);
      expect(response.body.errors?.[0]?.path).toBe(field);
      expect(await questionsOf(event.id)).toEqual(before);
    });

    it('keeps one copy of the form when the same form is saved several times at once', async () => {
      const event = await newEvent();
      const responses = await Promise.all(Array.from({ length: 6 }, () => post(a.admin.token, event.id, allTypes)));
      expect(responses.map((response) => response.status)).toEqual(Array(6).fill(200));
      const questions = await questionsOf(event.id);
      expect(questions.map((q) => [q.position, q.label])).toEqual(allTypes.map((q, i) => [i, q.label.trim()]));
    });
  });

  describe('GET /form/getFormQuestions', () => {
    it('shows the form of a published event to anyone', async () => {
      const event = await newEvent();
      const saved = await saveForm(t, a.admin.token, event.id, allTypes);
      expect(payloadOf(await read(event.id))).toEqual(saved);
      expect(payloadOf(await read(event.id, b.admin.token))).toEqual(saved);
    });

    it("answers 404 for a draft's form without its own admin's token", async () => {
      const event = await newEvent('draft');
      const saved = await saveForm(t, a.admin.token, event.id, allTypes.slice(0, 2));
      expectError(await read(event.id), 404, 'NOT_FOUND', 'Event not found');
      expectError(await read(event.id, b.admin.token), 404, 'NOT_FOUND');
      expect(payloadOf(await read(event.id, a.admin.token))).toEqual(saved);
    });
  });

  describe('the tenant wall', () => {
    it("answers 404 when another club's admin saves a form for my event, and my form stays", async () => {
      const event = await newEvent('draft');
      const mine = await saveForm(t, a.admin.token, event.id, allTypes);
      const foreign = await createEvent(t, b.admin.token, { title: 'B Form' });
      const attempts = [
        post(b.admin.token, event.id, []),
        post(b.admin.token, event.id, [{ id: mine[0]!.id, type: 0, label: 'Hijacked' }]),
      ];
      for (const response of attempts) expectError(await response, 404, 'NOT_FOUND');
      const [planted] = await saveForm(t, b.admin.token, foreign.id, [
        { id: mine[1]!.id, type: 0, label: 'Mine now?' },
      ]);
      expect(planted!.id).not.toBe(mine[1]!.id);
      expect(await questionsOf(event.id)).toEqual(mine);
    });
  });
});
