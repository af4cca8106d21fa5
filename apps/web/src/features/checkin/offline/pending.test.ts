import { describe, expect, it } from 'vitest';
import { newAdmission, type LocalAdmission } from './door-sync';
import {
  cancelWaiting,
  countForEvent,
  drainQueue,
  enqueue,
  markAnswered,
  MAX_QUEUE_LENGTH,
  parseQueue,
  sendSteps,
  type PendingEntry,
  type QueuedAction,
} from './pending';

let next = 0;
const base = (eventId = 'e1') => ({ id: `q${++next}`, eventId, queuedAt: '2026-06-30T19:00:00.000Z', label: 'Ada' });
const scan = (attendeeId: string, eventId?: string): QueuedAction => ({
  ...base(eventId),
  kind: 'scan',
  text: `{"r":"r1","a":"${attendeeId}","q":"q1"}`,
  attendeeId,
});
const checkin = (attendeeId: string): QueuedAction => ({
  ...base(),
  kind: 'checkin',
  registrationId: 'r1',
  attendeeId,
});
const undo = (attendeeId: string): QueuedAction => ({ ...base(), kind: 'undo', attendeeId });
const extras = (text: string): QueuedAction => ({ ...base(), kind: 'extras', text });

const offline = Object.assign(new Error('offline'), { offline: true });
const isOffline = (error: unknown) => error === offline;

describe('enqueue', () => {
  it('keeps actions in the order they happened', () => {
    const queue = [scan('a1'), checkin('a2'), extras('{"x":"p1","q":"q"}')].reduce(enqueue, []);
    expect(queue.map((item) => item.kind)).toEqual(['scan', 'checkin', 'extras']);
  });

  it('drops a second check-in of the same attendee, scanned or pressed', () => {
    const queue = [scan('a1'), scan('a1'), checkin('a1')].reduce(enqueue, []);
    expect(queue).toHaveLength(1);
  });

  it('drops the same voucher scanned twice', () => {
    const queue = [extras('{"x":"p1","q":"q"}'), extras('{"x":"p1","q":"q"}')].reduce(enqueue, []);
    expect(queue).toHaveLength(1);
  });

  it('cancels a waiting check-in instead of queueing its undo', () => {
    const queue = [scan('a1'), scan('a2'), undo('a1')].reduce(enqueue, []);
    expect(queue.map((item) => item.kind === 'scan' && item.attendeeId)).toEqual(['a2']);
  });

  it('queues an undo of a check-in the server already has, then a new check-in after it', () => {
    const queue = [undo('a1'), checkin('a1')].reduce(enqueue, []);
    expect(queue.map((item) => item.kind)).toEqual(['undo', 'checkin']);
    expect(enqueue(queue, undo('a1')).map((item) => item.kind)).toEqual(['undo']);
  });

  it('gives up the oldest entries past the limit', () => {
    let queue: PendingEntry[] = [];
    for (let index = 0; index < MAX_QUEUE_LENGTH + 5; index++) queue = enqueue(queue, scan(`a${index}`));
    expect(queue).toHaveLength(MAX_QUEUE_LENGTH);
    expect(queue[0]).toMatchObject({ attendeeId: 'a5' });
  });

  it('does not change the queue it was given', () => {
    const queue = [scan('a1')];
    enqueue(queue, undo('a1'));
    expect(queue).toHaveLength(1);
  });
});

describe('the queue an earlier version kept in local storage', () => {
  it('reads back what it wrote', () => {
    const queue = [scan('a1'), checkin('a2'), undo('a3'), extras('{"x":"p1","q":"q"}')];
    expect(parseQueue(JSON.stringify(queue))).toEqual(queue);
  });

  it('treats missing, broken or foreign data as empty and drops entries that do not parse', () => {
    expect(parseQueue(null)).toEqual([]);
    expect(parseQueue('{not json')).toEqual([]);
    expect(parseQueue('{"a":1}')).toEqual([]);
    const good = checkin('a1');
    expect(parseQueue(JSON.stringify([{ kind: 'launch' }, good, 42]))).toEqual([good]);
  });
});

describe('queue helpers', () => {
  it('counts the actions of one event and removes settled ones by id', () => {
    const queue = [scan('a1', 'e1'), scan('a2', 'e2'), scan('a3', 'e1')];
    expect(countForEvent(queue, 'e1')).toBe(2);
    expect(markAnswered(queue, new Set([queue[0]?.id ?? '']), '2026-06-30T19:05:00.000Z')).toEqual(queue.slice(1));
  });
});

describe('drainQueue', () => {
  it('sends every action in order and settles them all when the server answers', async () => {
    const queue = [scan('a1'), checkin('a2'), undo('a3')];
    const sent: string[] = [];
    const result = await drainQueue(
      queue,
      (action) => {
        sent.push(action.id);
        return Promise.resolve(`ok ${action.kind}`);
      },
      isOffline,
    );
    expect(sent).toEqual(queue.map((item) => item.id));
    expect(result.remaining).toEqual([]);
    expect(result.settled.map((entry) => 'outcome' in entry && entry.outcome)).toEqual([
      'ok scan',
      'ok checkin',
      'ok undo',
    ]);
  });

  it('stops at the first connection failure and keeps that action and the rest', async () => {
    const queue = [scan('a1'), checkin('a2'), undo('a3')];
    let calls = 0;
    const result = await drainQueue(
      queue,
      () => (++calls === 2 ? Promise.reject(offline) : Promise.resolve(1)),
      isOffline,
    );
    expect(calls).toBe(2);
    expect(result.settled.map((entry) => entry.action.id)).toEqual([queue[0]?.id]);
    expect(result.remaining).toEqual(queue.slice(1));
  });

  it('settles an action the server refused, with its error, and goes on', async () => {
    const queue = [scan('a1'), scan('a2')];
    const refused = new Error('Ticket not found');
    const result = await drainQueue(
      queue,
      (action) => (action === queue[0] ? Promise.reject(refused) : Promise.resolve('ok')),
      isOffline,
    );
    expect(result.remaining).toEqual([]);
    expect(result.settled[0]).toEqual({ action: queue[0], error: refused });
    expect(result.settled[1]).toEqual({ action: queue[1], outcome: 'ok' });
  });

  it('does nothing with an empty queue', async () => {
    const result = await drainQueue([], () => Promise.reject(new Error('not called')), isOffline);
    expect(result).toEqual({ remaining: [], settled: [] });
  });
});

const admit = (attendeeId: string, second: number, eventId = 'e1'): LocalAdmission =>
  newAdmission(
    eventId,
    { attendeeId, firstName: 'Ada', lastName: 'Lovelace', ticketName: 'Adult' },
    new Date(Date.UTC(2026, 5, 30, 19, 0, second)),
    `adm-${++next}`,
  );
const at = (action: QueuedAction, second: number): QueuedAction => ({
  ...action,
  queuedAt: new Date(Date.UTC(2026, 5, 30, 19, 0, second)).toISOString(),
});
const device = { deviceId: 'device-1', deviceName: 'Gate A' };

describe('admissions and actions in one list', () => {
  it('keeps one admission per attendee of an event, synced or not', () => {
    const first = admit('a1', 1);
    const kept = enqueue([first], admit('a1', 2));
    expect(kept).toEqual([first]);
    const synced = markAnswered(kept, new Set([first.id]), '2026-06-30T19:05:00.000Z');
    expect(enqueue(synced, admit('a1', 3))).toHaveLength(1);
    expect(enqueue(kept, admit('a1', 4, 'e2'))).toHaveLength(2);
  });

  it('never gives up an admission to the limit', () => {
    let pending: PendingEntry[] = [admit('first', 0)];
    for (let index = 0; index < MAX_QUEUE_LENGTH + 1; index++) pending = enqueue(pending, scan(`a${index}`));
    expect(pending).toHaveLength(MAX_QUEUE_LENGTH + 1);
    expect(pending[0]).toMatchObject({ kind: 'admit', attendeeId: 'first' });
  });

  it('undoes an admission still waiting, and not one the server has', () => {
    const waiting = admit('a1', 1);
    const answered = markAnswered([waiting, admit('a2', 2)], new Set(), '');
    expect(cancelWaiting(answered, waiting.id).map((entry) => entry.id)).toEqual([answered[1]?.id]);
    const synced = markAnswered([waiting], new Set([waiting.id]), '2026-06-30T19:05:00.000Z');
    expect(cancelWaiting(synced, waiting.id)).toEqual(synced);
  });

  it('keeps an answered admission as synced and lets an answered action go', () => {
    const admission = admit('a1', 1);
    const action = checkin('a2');
    expect(markAnswered([admission, action], new Set([admission.id, action.id]), 'then')).toEqual([
      { ...admission, syncedAt: 'then' },
    ]);
  });

  it('counts only the actions as the queue, admissions being counted as waiting to sync', () => {
    expect(countForEvent([admit('a1', 1), checkin('a2')], 'e1')).toBe(1);
  });

  it('sends in the order things happened: admissions in a row go in one sync, an action alone', () => {
    const steps = sendSteps(
      [at(undo('a9'), 5), admit('a2', 2), admit('a1', 1), at(extras('{"x":"p1","q":"q"}'), 3), admit('a3', 4)],
      device,
    );
    expect(
      steps.map((step) =>
        step.kind === 'action' ? step.action.kind : step.admissions.map((admission) => admission.attendeeId),
      ),
    ).toEqual([['a1', 'a2'], 'extras', ['a3'], 'undo']);
    expect(steps[0]).toMatchObject({ kind: 'admissions', eventId: 'e1', body: { deviceId: 'device-1' } });
  });

  it('sends nothing already synced, and one sync per event', () => {
    const synced = markAnswered([admit('a1', 1)], new Set([`adm-${next}`]), 'then');
    const steps = sendSteps([...synced, admit('a2', 2, 'e2'), admit('a3', 3)], device);
    expect(steps.map((step) => step.kind === 'admissions' && step.eventId)).toEqual(['e2', 'e1']);
  });
});
