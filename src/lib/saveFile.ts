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
