import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { createGzip } from 'node:zlib';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** What a static host compresses. */
const compressible = new Set(['.html', '.js', '.css', '.svg', '.json']);

/**
 * Serves a static build like a plain static host with an SPA fallback (unknown paths get
 * index.html), on 127.0.0.1 only: text gzipped when the browser accepts it, the hashed assets
 * cacheable for a year (what Lighthouse's slow-4G model should be fed, as any host would).
 */
export function serveStatic(root: string, port = 0): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    } catch {
      // A percent-escape that does not decode (%ff) is the request's fault, not a crash of the host.
      response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request: the path does not decode');
      return;
    }
    let file = normalize(join(root, path));
    if (!file.startsWith(normalize(root)) || !existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    response.setHeader('Content-Type', types[extname(file)] ?? 'application/octet-stream');
    if (file.endsWith('mockServiceWorker.js')) response.setHeader('Service-Worker-Allowed', '/');
    if (path.startsWith('/assets/')) response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    const gzip = compressible.has(extname(file)) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    if (!gzip) {
      createReadStream(file).pipe(response);
      return;
    }
    response.setHeader('Content-Encoding', 'gzip');
    response.setHeader('Vary', 'Accept-Encoding');
    createReadStream(file).pipe(createGzip()).pipe(response);
  });
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`The console's static host could not start: port ${port} on 127.0.0.1 is in use`) : error),
    );
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      resolve({ server, url: `http://127.0.0.1:${actualPort}` });
    });
  });
}
