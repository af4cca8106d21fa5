import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import { registerDownload, registerEndpoint } from '../../plugins/routes';
import { type Deps } from '../../core/deps';
import { exportAttendeeReport } from './attendee-export.service';
import { importAttendees } from './attendee-import.service';
import { deleteAttendee, removeRegistration } from './attendee-removal.service';
import { receiveImportUpload } from './import-upload';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** A deleted registration's paid order stays, marked for refund: the admin is told where the money is. */
const refundNote = (refundRequired: boolean) =>
  refundRequired ? '; its paid order is kept and marked Refund required' : '';

/** The admin's attendee data: export, import and deletions (docs/product.md section 17). */
export function attendeeDataRoutes(app: FastifyInstance, deps: Deps): void {
  const a = endpoints.attendees;
  registerDownload(app, deps, a.downloadAttendees, ({ actor, query }) =>
    exportAttendeeReport(deps, actor, query.eventId),
  );

  registerEndpoint(app, deps, a.bulkImportAttendee, async ({ actor, request }) => {
    const upload = await receiveImportUpload(request);
    try {
      const { result, dryRun } = await importAttendees(deps, actor, upload);
      if (result.errors.length > 0) return { payload: result };
      const skipped = result.skipped > 0 ? ` (${plural(result.skipped, 'row')} already there skipped)` : '';
      return {
        payload: result,
        msg: dryRun
          ? `Ready to import ${plural(result.imported, 'attendee')}${skipped}`
          : `Imported ${plural(result.imported, 'attendee')}${skipped}`,
      };
    } finally {
      await upload.discard();
    }
  });

  registerEndpoint(app, deps, a.removeRegistration, async ({ actor, query }) => {
    const { registrationId, refundRequired } = await removeRegistration(deps, actor, query);
    return { payload: { registrationId }, msg: `Registration deleted${refundNote(refundRequired)}` };
  });

  registerEndpoint(app, deps, a.deleteAttendee, async ({ actor, query }) => {
    const { registrationDeleted, refundRequired } = await deleteAttendee(deps, actor, query);
    return {
      payload: { registrationDeleted },
      msg: registrationDeleted ? `Attendee and registration deleted${refundNote(refundRequired)}` : 'Attendee deleted',
    };
  });
}
