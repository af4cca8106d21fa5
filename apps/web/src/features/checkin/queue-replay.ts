import { isApiError } from '../../api/api-error';
import { redeemExtras, saveCheckin, scanTicket, undoCheckin } from './api';
import type { Outcome } from './door-card';
import type { QueuedAction } from './offline/pending';
import { attendeeName, DOOR_TEXT, extrasProblem, formatDoorTime, ticketProblem } from './scan-outcome';

/** A queued check-in that finds the attendee already in has done its job. */
function ignoreAlreadyIn(error: unknown): void {
  if (isApiError(error) && error.code === 'ALREADY_CHECKED_IN') return;
  throw error;
}

/** Sends one queued door action again; answers what the history should say about it. */
export async function replayAction(action: QueuedAction, timeZone: string): Promise<Outcome> {
  switch (action.kind) {
    case 'scan': {
      const { attendee, justCheckedIn } = await scanTicket(action.eventId, action.text, true);
      const who = attendeeName(attendee);
      if (!justCheckedIn && attendee.checkinTime)
        return {
          who,
          result: DOOR_TEXT.alreadyCheckedIn(formatDoorTime(attendee.checkinTime, timeZone)),
          tone: 'orange',
        };
      return { who, result: DOOR_TEXT.checkedIn, tone: 'green' };
    }
    case 'checkin':
      await saveCheckin(action.eventId, action.registrationId, action.attendeeId).catch(ignoreAlreadyIn);
      return { who: action.label, result: DOOR_TEXT.checkedIn, tone: 'green' };
    case 'undo':
      await undoCheckin(action.eventId, action.attendeeId);
      return { who: action.label, result: DOOR_TEXT.checkinUndone, tone: 'orange' };
    case 'extras': {
      const purchase = await redeemExtras(action.eventId, action.text);
      return { who: purchase.extras.name, result: DOOR_TEXT.extraRedeemed, tone: 'green' };
    }
  }
}

/** What the history says about a queued action the server refused. */
export function replayProblem({ action, error }: { action: QueuedAction; error: unknown }, timeZone: string): Outcome {
  const problem = action.kind === 'extras' ? extrasProblem(error, timeZone) : ticketProblem(error, timeZone);
  return { who: action.label, result: problem.title, tone: problem.tone };
}
