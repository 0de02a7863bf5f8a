import { createServer, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { closeServer, listenOnEphemeralPort } from '../../server/adapters/web/static-sites';
import { serveStaticRequest } from '../../server/adapters/web/static-files';

/** How one path of a fixture site misbehaves (or answers) instead of serving its file. */
export interface RouteBehaviour {
  /** Wait this long before answering. */
  delay?: number;
  status?: number;
  /** Answer with a redirect to this location (status 301 unless given). */
  redirect?: string;
  body?: string | Buffer;
  contentType?: string;
  /** Accept the request and never answer. */
  hang?: true;
  /** Answer with an HTML page of this many bytes, streamed. */
  bytes?: number;
}

export interface FixtureSiteOptions {
  /** A folder under test/fixtures/sites; without one only the routes answer. */
  site?: string;
  routes?: Record<string, RouteBehaviour>;
}

export interface FixtureSite {
  /** Base URL, ending in `/`. */
  url: string;
  /** Each request's path and query, in arrival order. */
  requests: string[];
  close(): Promise<void>;
}

export const FIXTURE_SITES_DIR = fileURLToPath(new URL('../fixtures/sites', import.meta.url));

/** Serves a fixture site on its own 127.0.0.1 port. */
export async function startFixtureSite(options: FixtureSiteOptions = {}): Promise<FixtureSite> {
  const root = options.site ? join(FIXTURE_SITES_DIR, options.site) : null;
  const routes = options.routes ?? {};
  const requests: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    const target = req.url ?? '/';
    requests.push(target);
    const behaviour = routes[target] ?? routes[new URL(target, 'http://localhost').pathname];
    const answer = () => {
      if (behaviour) answerRoute(behaviour, res);
      else if (root) serveStaticRequest(root, req, res).catch(() => res.destroy());
      else res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    };
    if (behaviour?.hang) return;
    if (behaviour?.delay) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) answer();
      }, behaviour.delay);
      timers.add(timer);
    } else {
      answer();
    }
  });
  const port = await listenOnEphemeralPort(server);
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await closeServer(server);
    },
  };
}

function answerRoute(behaviour: RouteBehaviour, res: ServerResponse): void {
  if (behaviour.redirect !== undefined) {
    res.writeHead(behaviour.status ?? 301, { location: behaviour.redirect }).end();
    return;
  }
  const status = behaviour.status ?? 200;
  if (behaviour.bytes !== undefined) {
    res.writeHead(status, { 'content-type': behaviour.contentType ?? 'text/html; charset=utf-8' });
    streamOversizedPage(behaviour.bytes, res);
    return;
  }
  res.writeHead(status, { 'content-type': behaviour.contentType ?? 'text/html; charset=utf-8' });
  res.end(behaviour.body ?? '');
}

/** An HTML page of `total` bytes, written in chunks as the client reads. */
function streamOversizedPage(total: number, res: ServerResponse): void {
  const head = '<!doctype html><html><head><title>Oversized page</title></head><body><h1>Oversized page</h1>';
  const filler = Buffer.from('<p>Plenty of words fill this page, line after line, to make it very large.</p>\n'.repeat(200));
  let sent = 0;
  const write = (chunk: Buffer | string) => {
    sent += Buffer.byteLength(chunk);
    return res.write(chunk);
  };
  write(head);
  const pump = () => {
    while (sent < total && !res.destroyed) {
      const chunk = filler.subarray(0, Math.min(filler.length, total - sent));
      if (!write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!res.destroyed) res.end();
  };
  pump();
}

/** A 127.0.0.1 URL nothing listens on. */
export async function deadUrl(): Promise<string> {
  const server = createServer();
  const port = await listenOnEphemeralPort(server);
  await closeServer(server);
  return `http://127.0.0.1:${port}/`;
}
