import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** An opening `<script>` tag with its attributes, its text, and the closing tag (HTML ends a script at `</script`). */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * CSP hash sources (`'sha256-…'`) of the inline scripts of `html`: each `<script>` without a `src`, hashed over
 * its text exactly as written (what the browser hashes). A script with `src` runs from its file ('self').
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The hashes of the built index.html's inline scripts (the static shell's theme script, vite.config.ts), which
 * the CSP allows and no other inline script; none without a build. Read once at start, as the build's version
 * is: a new build is served by a restarted server.
 */
export function readIndexScriptHashes(staticDir: string): string[] {
  try {
    return inlineScriptHashes(readFileSync(join(staticDir, 'index.html'), 'utf8'));
  } catch {
    return [];
  }
}
