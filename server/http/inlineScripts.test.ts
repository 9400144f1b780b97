import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, readIndexScriptHashes } from './inlineScripts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the text of each inline script exactly as written, and skips scripts loaded from a file', () => {
    const first = '(function(){document.documentElement.classList.add(`dark`)})();';
    const second = '\n  console.log("é");\n';
    const html =
      `<!doctype html><head><script>${first}</script>` +
      '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
      `</head><body><SCRIPT data-x="1">${second}</SCRIPT ></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha256(first), sha256(second)]);
  });

  it('matches the hash a browser computes (the CSP3 example)', () => {
    // https://www.w3.org/TR/CSP3/#grammardef-hash-source: <script>alert('Hello, world.');</script>
    expect(inlineScriptHashes("<script>alert('Hello, world.');</script>")).toEqual([
      "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
    ]);
  });

  it('is empty for a page without inline scripts', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><p>no script</p>')).toEqual([]);
  });
});

describe('readIndexScriptHashes', () => {
  it("reads the build's index.html, and gives none without a build", () => {
    const dir = mkdtempSync(join(tmpdir(), 'index-hashes-'));
    try {
      expect(readIndexScriptHashes(dir)).toEqual([]);
      writeFileSync(join(dir, 'index.html'), '<script>var a = 1;</script>');
      expect(readIndexScriptHashes(dir)).toEqual([sha256('var a = 1;')]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
