import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { API_PREFIX } from '../contracts';

export interface ListeningServer {
  server: Server;
  port: number;
  /** Base URL of the API, ending in /api/v1. */
  apiUrl: string;
  /** Root URL (where the renderer is served). */
  rootUrl: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 only; port 0 picks a free port. */
export function listen(app: Express, port: number, host = '127.0.0.1'): Promise<ListeningServer> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    server.once('error', reject);
    server.once('listening', () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      const rootUrl = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
      resolve({
        server,
        port: address.port,
        rootUrl,
        apiUrl: `${rootUrl}${API_PREFIX}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
