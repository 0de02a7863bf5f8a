import { readdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { serveStaticRequest } from './static-files';

export interface ServedSites {
  sites: { slug: string; url: string }[];
  close(): Promise<void>;
}

/**
 * Serves every subfolder of rootDir as its own website on 127.0.0.1, each on
 * its own ephemeral port, so each one is a separate origin with its own
 * robots.txt, as real vendor sites are.
 */
export async function serveStaticSites(rootDir: string): Promise<ServedSites> {
  const entries = await readdir(rootDir, { withFileTypes: true });
  const slugs = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  const servers: Server[] = [];
  const sites: ServedSites['sites'] = [];
  const close = () => Promise.all(servers.map(closeServer)).then(() => undefined);
  try {
    for (const slug of slugs) {
      const root = join(rootDir, slug);
      const server = createServer((req, res) => {
        serveStaticRequest(root, req, res).catch(() => {
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          res.end('Internal error');
        });
      });
      servers.push(server);
      sites.push({ slug, url: `http://127.0.0.1:${await listenOnEphemeralPort(server)}/` });
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { sites, close };
}

export function listenOnEphemeralPort(server: Server): Promise<number> {
  return new Promise((resolvePort, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      const address = server.address();
      if (address !== null && typeof address === 'object') resolvePort(address.port);
      else reject(new Error('the server did not report a TCP port'));
    });
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((done) => {
    if (!server.listening) {
      done();
      return;
    }
    server.close(() => done());
    server.closeAllConnections();
  });
}
