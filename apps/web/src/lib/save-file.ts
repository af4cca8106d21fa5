import { currentLanguage, currentLocale, i18n } from '../i18n/i18n';

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

/** "512 B", "34 KB", "1.2 MB": how much of a transfer is done, for a progress line, in the language shown. */
export function formatBytes(bytes: number): string {
  // Figures go in as text: the message would otherwise group them ("1,023 B").
  if (bytes < 1024) return i18n.t('common:bytes.b', { value: String(bytes) });
  if (bytes < 1024 * 1024) return i18n.t('common:bytes.kb', { value: String(Math.round(bytes / 1024)) });
  const megabytes = (bytes / (1024 * 1024)).toFixed(1);
  return i18n.t('common:bytes.mb', { value: currentLanguage() === 'en' ? megabytes : decimal(Number(megabytes)) });
}

const decimal = (value: number) =>
  value.toLocaleString(currentLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
