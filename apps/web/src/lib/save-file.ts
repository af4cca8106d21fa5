/**
 * Hands a Blob to the browser as a download under `filename`: an object URL on a temporary
 * <a download>, the one way that names the file in every browser.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers before it has read the Blob.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** "512 B", "34 KB", "1.2 MB": how much of a transfer is done, for a progress line. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
