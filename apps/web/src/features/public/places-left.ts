/** A package's places left as the event page says them: "2 places left", "Sold out", nothing without a limit. */
export function placesLeftText(placesLeft: number | null): string | null {
  if (placesLeft === null) return null;
  if (placesLeft <= 0) return 'Sold out';
  return `${placesLeft} ${placesLeft === 1 ? 'place' : 'places'} left`;
}
