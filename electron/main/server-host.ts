import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createContext, createLogger, type AppConfig, type AppContext } from '../../server/context';
import { createApp } from '../../server/http/app';
import { listen, type ListeningServer } from '../../server/http/listen';
import { VERSION } from '../../server/version';

export interface EmbeddedServerOptions {
  dataDir: string;
  rendererDir?: string;
  wasmPath?: string;
  /** Read at every (re)start: keys and provider settings from the desktop settings. */
  settings: () => Pick<AppConfig, 'llm' | 'defaultModels' | 'concurrency'>;
}

export interface EmbeddedServer {
  readonly ctx: AppContext;
  readonly server: ListeningServer;
  /** Starts again on the same port with fresh settings, so the window's origin stays the same. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** The same server as `vendor-eval serve`, in-process, on 127.0.0.1 and a free port. */
export async function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  const start = async (port: number) => {
    const ctx = await createContext({
      dataDir: options.dataDir,
      wasmPath: options.wasmPath,
      logger: createLogger('info'),
      ...options.settings(),
    });
    try {
      const server = await listen(createApp(ctx, { version: VERSION, staticDir: options.rendererDir }), port);
      return { ctx, server };
    } catch (error) {
      await ctx.close();
      throw error;
    }
  };
  let current = await start(0);
  let stopped = false;
  const stopCurrent = async () => {
    await current.server.close();
    // Flushes storage; evaluations cut short resume at the next start.
    await current.ctx.close();
  };
  return {
    get ctx() {
      return current.ctx;
    },
    get server() {
      return current.server;
    },
    async restart() {
      if (stopped) return;
      const port = current.server.port;
      await stopCurrent();
      current = await start(port);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await stopCurrent();
    },
  };
}

/**
 * sql-wasm.wasm next to the bundled main. Packaged, the file sits unpacked
 * beside app.asar (electron-builder.yml asarUnpack), where plain fs reads reach it.
 */
export function sqlWasmPath(
  resolve: (specifier: string) => string = createRequire(import.meta.url).resolve,
  exists: (path: string) => boolean = existsSync,
): string {
  const resolved = resolve('sql.js/dist/sql-wasm.wasm');
  const unpacked = resolved.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
  return unpacked !== resolved && exists(unpacked) ? unpacked : resolved;
}
