import { Navigate } from 'react-router';
import { lastDoor } from '../offline/register-worker';

/**
 * /door: where the installed app starts (apps/web/public/manifest.webmanifest). It opens the check-in
 * page of the event this device worked last, or the dashboard to pick one.
 */
export default function DoorStartPage() {
  const eventId = lastDoor();
  return <Navigate replace to={eventId ? `/event/${encodeURIComponent(eventId)}/checkin` : '/dashboard'} />;
}
