/** Addresses of an event's support page (/event/{eventId}/donation, "Support Event"). */

/**
 * The address of the sponsorship flow alone (the packages, no donation form): where "Sponsor this
 * event" leads. A package's id (?packageId=) opens that package's form in the same flow.
 */
export function sponsorshipPath(eventId: string, packageId?: string): string {
  const base = `/event/${encodeURIComponent(eventId)}/donation`;
  return packageId ? `${base}?packageId=${encodeURIComponent(packageId)}` : `${base}?sponsor=1`;
}

/** Whether the support page's address asks for the sponsorship flow. */
export function isSponsorshipFlow(searchParams: URLSearchParams): boolean {
  return searchParams.has('sponsor') || searchParams.has('packageId');
}
