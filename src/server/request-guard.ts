/**
 * What every request to `yomi serve` passes before it is answered: only GET
 * and HEAD (405 otherwise) — and POST to ask for a database build, with the
 * header `x-yomi-build: 1`, which a page of another site cannot send without
 * the server's leave (a header of its own makes the browser ask first, and
 * the server never says yes) —, a Host header naming the address the server is
 * bound to (403 otherwise: a page on another site cannot reach the server
 * through DNS rebinding), and a URL path that decodes (400 otherwise). Also
 * the headers every response carries: a Content-Security-Policy that lets the
 * page load only its own files (and compile the WebAssembly among them, the
 * search kernels: 'wasm-unsafe-eval' allows that and no eval of script), and
 * nosniff.
 */

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

export type Checked =
  | { ok: true; path: string; post: boolean }
  | { ok: false; status: number; reason: string };

/** The path under which builds are asked for by POST. */
export const BUILDS_PREFIX = '/api/v1/builds/';

/** The Host header values that name a server bound to `host:port`. */
export function allowedHosts(host: string, port: number): Set<string> {
  const names = new Set([host.includes(':') ? `[${host}]` : host]);
  if (host === '127.0.0.1' || host === '::1' || host === 'localhost') {
    for (const local of ['localhost', '127.0.0.1', '[::1]']) names.add(local);
  }
  return new Set([...names].map((name) => `${name}:${port}`.toLowerCase()));
}

/** The decoded path of a request, or why it is refused. */
export function checkRequest(
  method: string | undefined,
  url: string | undefined,
  hostHeader: string | undefined,
  hosts: ReadonlySet<string>,
  buildHeader?: string | string[],
): Checked {
  const post = method === 'POST';
  if (method !== 'GET' && method !== 'HEAD' && !post)
    return { ok: false, status: 405, reason: 'only GET and HEAD' };
  if (hostHeader === undefined || !hosts.has(hostHeader.toLowerCase())) {
    return { ok: false, status: 403, reason: 'unexpected Host header' };
  }
  if (url === undefined || !url.startsWith('/')) return { ok: false, status: 400, reason: 'malformed URL' };
  const raw = url.split(/[?#]/, 1)[0];
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return { ok: false, status: 400, reason: 'malformed URL' };
  }
  if (path.includes('\0')) return { ok: false, status: 400, reason: 'malformed URL' };
  if (post && !path.startsWith(BUILDS_PREFIX)) return { ok: false, status: 405, reason: 'only GET and HEAD' };
  if (post && buildHeader !== '1')
    return { ok: false, status: 403, reason: 'a build is asked for with the header x-yomi-build: 1' };
  return { ok: true, path, post };
}
