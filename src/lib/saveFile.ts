/**
 * Hands `blob` to the browser as a download named `fileName` (an <a download> clicked once). The object URL is
 * revoked after this task: the click has already given the file to the browser.
 */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** The file name a download's `content-disposition` header gives (`filename="…"`, no path), else `fallback`. */
export function fileNameFrom(contentDisposition: string | null, fallback: string): string {
  return /filename="([^"/\\]+)"/.exec(contentDisposition ?? '')?.[1] ?? fallback;
}
