import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { sqlWasmPath, startEmbeddedServer, type EmbeddedServer } from '../../../electron/main/server-host';
import { useTempDir } from '../../support/temp-dir';

const tempDir = useTempDir('vendor-eval-desktop-');
const running: EmbeddedServer[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.stop();
});

describe('the embedded server', () => {
  it('listens on 127.0.0.1, restarts on the same port with fresh settings and stops cleanly', async () => {
    let models = ['rules'];
    const server = await startEmbeddedServer({ dataDir: tempDir(), wasmPath: sqlWasmPath(), settings: () => ({ defaultModels: models }) });
    running.push(server);
    const { port, rootUrl } = server.server;
    expect(rootUrl).toBe(`http://127.0.0.1:${port}`);
    const health = async () => (await (await fetch(`${server.server.apiUrl}/health`)).json()) as { default_models: string[] };
    expect((await health()).default_models).toEqual(['rules']);

    models = ['rules', 'ollama:llama3.2'];
    await server.restart();
    expect(server.server.port).toBe(port);
    expect((await health()).default_models).toEqual(['rules', 'ollama:llama3.2']);

    await server.stop();
    await expect(fetch(`${rootUrl}/api/v1/health`)).rejects.toThrow();
  });
});

describe('sql-wasm.wasm', () => {
  it('is found in node_modules when running from the project', () => {
    expect(existsSync(sqlWasmPath())).toBe(true);
  });

  it('is read from the unpacked copy beside app.asar in an installed app', () => {
    const packed = '/opt/Vendor Evaluation/resources/app.asar/node_modules/sql.js/dist/sql-wasm.wasm';
    const unpacked = '/opt/Vendor Evaluation/resources/app.asar.unpacked/node_modules/sql.js/dist/sql-wasm.wasm';
    expect(sqlWasmPath(() => packed, (path) => path === unpacked)).toBe(unpacked);
    expect(sqlWasmPath(() => packed, () => false)).toBe(packed);
  });
});
