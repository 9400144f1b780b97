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

/**
 * Why the server refused a download, in words: the body's `message` (the REST errors' words), else for 429 when to try
 * again, else bad input's `error` (`{ success: false, error, field }`), else the status.
 */
export async function downloadRefusal(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as {
    success?: unknown;
    error?: unknown;
    message?: unknown;
  } | null;
  if (typeof body?.message === 'string') return body.message;
  if (response.status === 429) return 'Too many exports in a short time. Wait a few minutes and try again.';
  if (body?.success === false && typeof body.error === 'string') return body.error;
  return `The export failed (${response.status}).`;
}
