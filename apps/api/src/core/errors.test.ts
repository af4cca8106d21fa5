import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@clubtix/contract';
import { catalogueKeys, catalogueMessage, translate } from './i18n';
import { AppError, conflict, fieldError, notFound, say, sayAll, sayIn, soldOut } from './errors';
import { spokenMessages } from './spoken-messages';

describe('AppError in five languages', () => {
  it('reads English in message and errors, as logs and tests read it', () => {
    const error = conflict(say('{ticket}: sales have ended', { ticket: 'Early bird' }), 'tickets');
    expect(error.message).toBe('Early bird: sales have ended');
    expect(error.errors).toEqual([{ path: 'tickets', message: 'Early bird: sales have ended' }]);
    expect(notFound('Event').message).toBe('Event not found');
  });

  it('renders msg and field messages in the language asked for, the data as given', () => {
    const error = conflict(say('{ticket}: sales have ended', { ticket: 'Early bird' }), 'tickets');
    expect(error.render('de')).toEqual({
      msg: 'Early bird: Der Verkauf ist beendet',
      errors: [{ path: 'tickets', message: 'Early bird: Der Verkauf ist beendet' }],
    });
    expect(notFound('Event').render('fr').msg).toBe('Événement introuvable');
    expect(fieldError('amount', 'is required').render('es')).toEqual({
      msg: 'amount: es obligatorio',
      errors: [{ path: 'amount', message: 'es obligatorio' }],
    });
  });

  it('says plurals and numbers as the language does, English as today', () => {
    const held = say(
      'This e-mail address already holds {tickets, plural, one {# ticket} other {# tickets}} for this event, and one buyer may hold at most {max} at once.',
      { tickets: 1, max: 4 },
    );
    const error = soldOut(sayAll(held, 'Finish the booking you started, or wait until its hold lapses and try again.'));
    expect(error.message).toBe(
      'This e-mail address already holds 1 ticket for this event, and one buyer may hold at most 4 at once. ' +
        'Finish the booking you started, or wait until its hold lapses and try again.',
    );
    expect(
      sayIn('en', say('The .csv file cannot be read at line {line}: check its quotes and separators', { line: 1234 })),
    ).toContain('line 1234:');
    expect(sayIn('fr', held)).toContain('1 billet');
  });

  it('says a contract message from the contract, and other text as it is', () => {
    const error = new AppError('NOT_FOUND', 'This ticket is for another event');
    expect(error.render('es').msg).toBe('Esta entrada es para otro evento');
    const provider = new AppError('PAYMENT_FAILED', 'Your card was declined.');
    expect(provider.render('th').msg).toBe('Your card was declined.');
  });

  it('says every English message without parameters exactly as written', () => {
    const plain = catalogueKeys().en.filter((key) => /^(errors|replies)\./.test(key) && !key.includes('{'));
    expect(plain.length).toBeGreaterThan(150);
    for (const key of plain) expect(translate('en', key)).toBe(key.slice(key.indexOf('.') + 1));
  });

  it('has every message the source says in the English catalogue, and so in every language', () => {
    const spoken = spokenMessages(new URL('..', import.meta.url).pathname);
    expect(spoken.length).toBeGreaterThan(150);
    const missing = spoken.filter(
      ({ namespace, text }) => catalogueMessage('en', `${namespace}.${text}`) === undefined,
    );
    expect(missing).toEqual([]);
    for (const language of LANGUAGES) {
      const untranslated = spoken.filter(
        ({ namespace, text }) => catalogueMessage(language, `${namespace}.${text}`) === undefined,
      );
      expect(untranslated).toEqual([]);
    }
  });
});
