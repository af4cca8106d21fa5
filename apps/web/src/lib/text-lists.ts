/**
 * Blank lines at the end of an editable list are where the admin was about to type, not entries.
 * Blank lines in the middle stay, so the schema's "is required" lands on the right line.
 */
export function withoutTrailingBlanks(lines: readonly string[]): string[] {
  let end = lines.length;
  while (end > 0 && lines[end - 1]!.trim() === '') end--;
  return lines.slice(0, end);
}
