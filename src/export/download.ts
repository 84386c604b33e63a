/**
 * Hands a generated file to the browser as a download.
 */

/**
 * How long the object URL stays alive after the click. Revoking at once can cancel the download
 * in some browsers (Safari, older Firefox) that read the URL asynchronously; FileSaver.js waits
 * 40 s for the same reason. Holding one blob that long costs only its memory.
 */
export const REVOKE_AFTER_MS = 40_000;

/** Saves `blob` as `fileName` through a temporary object URL and anchor. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}
