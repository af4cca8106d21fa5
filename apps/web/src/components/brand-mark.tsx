/** The ClubTix ticket mark (same drawing as the favicon); decorative, so hidden from screen readers. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#7d28dc" />
      <path
        d="M14 22a4 4 0 0 0 4-4h28a4 4 0 0 0 4 4v6a4 4 0 0 0 0 8v6a4 4 0 0 0-4 4H18a4 4 0 0 0-4-4v-6a4 4 0 0 0 0-8z"
        fill="#ffb01b"
      />
      <path d="M26 26v12M38 26v12" stroke="#7d28dc" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
