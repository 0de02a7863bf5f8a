import { createContext, createLogger, type AppContext } from '../../server/context';
import { createApp } from '../../server/http/app';
import { listen, type ListeningServer } from '../../server/http/listen';
import { VERSION } from '../../server/version';

export interface EmbeddedServer {
  ctx: AppContext;
  server: ListeningServer;
  stop(): Promise<void>;
}

/** The same server as `vendor-eval serve`, in-process, on 127.0.0.1 and a free port. */
export async function startEmbeddedServer(options: { dataDir: string; rendererDir?: string; wasmPath?: string }): Promise<EmbeddedServer> {
  const ctx = await createContext({ dataDir: options.dataDir, wasmPath: options.wasmPath, logger: createLogger('info') });
  const server = await listen(createApp(ctx, { version: VERSION, staticDir: options.rendererDir }), 0);
  return {
    ctx,
    server,
    async stop() {
      await server.close();
      await ctx.close();
    },
  };
}
