import type { DownloadedFile } from './http';

/**
 * Hands a downloaded file to the browser as a download (exports). The only
 * DOM work of the services: an object URL on a temporary link, then revoked.
 */
export function saveFile(file: DownloadedFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename ?? fallbackName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start reading the blob before it goes.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
