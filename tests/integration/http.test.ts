import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../server/http/securityHeaders';
import { createTestApp, drivers, type TestApp } from './helpers';

const packageVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** The stand-in build's page: one inline script (as the static shell's theme script) and one from a file. */
const SHELL_SCRIPT = "document.documentElement.classList.add('dark');";
const INDEX_HTML = `<!doctype html><script>${SHELL_SCRIPT}</script><script type="module" src="/assets/x-1a2b3c.js"></script><title>app shell</title>`;
const SHELL_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SHELL_SCRIPT).digest('base64')}'`;

const cspOf = (policy: Record<string, readonly string[]>) =>
  Object.entries(policy)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join(';');
/** With a build: the policy, script-src allowing the page's inline script by its hash. */
const expectedCsp = cspOf({ ...CONTENT_SECURITY_POLICY, 'script-src': ["'self'", SHELL_SCRIPT_HASH] });

const html = { accept: 'text/html,application/xhtml+xml' };

/** A stand-in for `dist/`: the files whose caching rules matter. */
function writeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"app"}');
  writeFileSync(join(dir, 'version.json'), JSON.stringify({ version: '9.9.9+test' }));
  writeFileSync(join(dir, 'assets', 'x-1a2b3c.js'), 'export const x = 1;');
  // The build's compressed copies (vite-plugin-compression2), beside the file.
  writeFileSync(join(dir, 'assets', 'x-1a2b3c.js.br'), brotliCompressSync('export const x = 1;'));
  writeFileSync(join(dir, 'assets', 'x-1a2b3c.js.gz'), gzipSync('export const x = 1;'));
  writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(INDEX_HTML));
  return dir;
}

describe.each(drivers)('HTTP surface with a built PWA (%s)', (driver) => {
  let staticDir: string;
  let testApp: TestApp;
  beforeAll(async () => {
    staticDir = writeBuild();
    testApp = await createTestApp(driver, { env: { STATIC_DIR: staticDir } });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('answers GET /api/health with status, the build version and uptime, never cached', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<{ status: string; version: string; uptime: number }>();
    expect(body).toEqual({ status: 'ok', version: '9.9.9+test', uptime: expect.any(Number) });
    expect(body.uptime).toBeGreaterThanOrEqual(0);
  });

  it('answers HEAD /api/health with 200 and no body', async () => {
    const response = await testApp.app.inject({ method: 'HEAD', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers GET /api/config without sign-in', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ version: '9.9.9+test', authMode: 'single', errorReporting: false });
  });

  it('answers unknown /api paths with a 404 JSON error, even when HTML is accepted', async () => {
    for (const url of ['/api/nope', '/api', '/api/health/extra?x=1']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        error: 'not_found',
        message: expect.stringContaining(url.split('?')[0] ?? ''),
      });
    }
    const post = await testApp.app.inject({ method: 'POST', url: '/api/unknown', payload: {} });
    expect(post.json<{ error: string }>().error).toBe('not_found');
  });

  it('serves index.html, revalidated, for / and for any page path (SPA fallback)', async () => {
    for (const url of ['/', '/dashboard', '/stocks/AAPL?tab=chart', '/analytics/deep/link']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('app shell');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves sw.js, the manifest and version.json revalidated and hashed assets immutable', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest', '/version.json']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    const asset = await testApp.app.inject({ method: 'GET', url: '/assets/x-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends the build's Brotli or gzip copy to a browser that accepts it, the file itself otherwise", async () => {
    const get = (url: string, encoding: string, accept = '*/*') =>
      testApp.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding, accept } });
    const brotli = await get('/assets/x-1a2b3c.js', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.rawPayload.equals(brotliCompressSync('export const x = 1;'))).toBe(true);
    const gzip = await get('/assets/x-1a2b3c.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/x-1a2b3c.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('export const x = 1;');
    // Client-side routes get the app shell compressed too.
    const page = await get('/portfolio', 'br', html.accept);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
  });

  it('serves the files the build had when the server started, by their exact names, and no other', async () => {
    // Routes are listed at start (no folder is read per request): a file written since is not served...
    writeFileSync(join(staticDir, 'assets', 'late-4d5e6f.js'), 'export const late = 1;');
    // ...nor a name in other letter case.
    for (const url of ['/assets/late-4d5e6f.js', '/ASSETS/x-1a2b3c.js', '/assets/X-1A2B3C.js']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(response.statusCode, url).toBe(404);
    }
    const head = await testApp.app.inject({ method: 'HEAD', url: '/assets/x-1a2b3c.js' });
    expect(head.statusCode).toBe(200);
  });

  it('answers a missing file that is not a page with 404 JSON instead of the app shell', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ error: string }>().error).toBe('not_found');
  });

  it("sends the CSP (no inline script but the page's own, by its hash) and the other security headers", async () => {
    for (const url of ['/', '/api/health']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: html });
      expect(response.headers['content-security-policy']).toBe(expectedCsp);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
    expect(expectedCsp).toContain(`script-src 'self' ${SHELL_SCRIPT_HASH};`);
    expect(expectedCsp).toContain("frame-ancestors 'none'");
  });

  it('turns GraphiQL off in production only', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/graphql', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('GraphiQL');
  });
});

describe.each(drivers)('HTTP surface without a build (%s)', (driver) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(driver, { env: { NODE_ENV: 'production' } });
  });
  afterAll(() => testApp.close());

  it("reports package.json's version", async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json<{ version: string }>().version).toBe(packageVersion);
  });

  it('answers page requests with 503 and a one-line hint to build', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/dashboard', headers: html });
    expect(response.statusCode).toBe(503);
    expect(response.body.trim().split('\n')).toHaveLength(1);
    expect(response.body).toContain('npm run build');
  });

  it('serves no GraphiQL page in production', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/graphql', headers: html });
    expect(response.body).not.toContain('GraphiQL');
  });

  it('allows no inline script at all', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toBe(cspOf(CONTENT_SECURITY_POLICY));
    expect(response.headers['content-security-policy']).toContain("script-src 'self';");
  });
});
