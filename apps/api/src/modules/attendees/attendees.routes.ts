import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import { registerDownload, registerEndpoint } from '../../plugins/routes';
import { type Deps } from '../../core/deps';
import { say } from '../../core/errors';
import { requestLanguage } from '../../core/i18n';
import { exportAttendeeReport } from './attendee-export.service';
import { importAttendees } from './attendee-import.service';
import { deleteAttendee, removeRegistration } from './attendee-removal.service';
import { receiveImportUpload } from './import-upload';

/** A deleted registration's paid order stays, marked for refund: the admin is told where the money is. */
const refundNote = (message: string, refundRequired: boolean) =>
  refundRequired ? `${message}; its paid order is kept and marked Refund required` : message;

/** The admin's attendee data: export, import and deletions (docs/product.md section 17). */
export function attendeeDataRoutes(app: FastifyInstance, deps: Deps): void {
  const a = endpoints.attendees;
  registerDownload(app, deps, a.downloadAttendees, ({ actor, query }) =>
    exportAttendeeReport(deps, actor, query.eventId),
  );

  registerEndpoint(app, deps, a.bulkImportAttendee, async ({ actor, request }) => {
    const upload = await receiveImportUpload(request);
    try {
      // The report's row problems are read by the admin: in the request's language.
      const { result, dryRun } = await importAttendees(deps, actor, upload, requestLanguage(request));
      if (result.errors.length > 0) return { payload: result };
      const counts = { imported: result.imported, skipped: result.skipped };
      const skipped =
        result.skipped > 0 ? ' ({skipped, plural, one {# row} other {# rows}} already there skipped)' : '';
      return {
        payload: result,
        msg: dryRun
          ? say(`Ready to import {imported, plural, one {# attendee} other {# attendees}}${skipped}`, counts)
          : say(`Imported {imported, plural, one {# attendee} other {# attendees}}${skipped}`, counts),
      };
    } finally {
      await upload.discard();
    }
  });

  registerEndpoint(app, deps, a.removeRegistration, async ({ actor, query }) => {
    const { registrationId, refundRequired } = await removeRegistration(deps, actor, query);
    return { payload: { registrationId }, msg: refundNote('Registration deleted', refundRequired) };
  });

  registerEndpoint(app, deps, a.deleteAttendee, async ({ actor, query }) => {
    const { registrationDeleted, refundRequired } = await deleteAttendee(deps, actor, query);
    return {
      payload: { registrationDeleted },
      msg: registrationDeleted ? refundNote('Attendee and registration deleted', refundRequired) : 'Attendee deleted',
    };
  });
}
