import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../../support/temp-dir';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const tempDir = useTempDir('vendor-eval-build-');

interface BuilderConfig {
  appId?: string;
  productName?: string;
  files?: { filter?: string[] }[];
  asarUnpack?: string[];
  win?: { target?: { target: string }[] };
  mac?: { target?: { target: string }[] };
  linux?: { target?: string[] };
}

/** electron-builder's own loader and schema check, so a typo fails here and not on a release machine. */
interface ConfigModule {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: null): Promise<BuilderConfig>;
  validateConfiguration(config: BuilderConfig, debugLogger: unknown): Promise<void>;
}

describe('packaging', () => {
  it('electron-builder.yml is valid for electron-builder and targets Windows, macOS and Linux', async () => {
    const require = createRequire(join(ROOT, 'node_modules', 'electron-builder', 'package.json'));
    const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as ConfigModule;
    const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
    const config = await getConfig(ROOT, null, null);
    await validateConfiguration(config, new DebugLogger(false));

    expect(config.appId).toMatch(/^[a-z0-9.-]+$/);
    expect(config.productName).toBe('Vendor Evaluation');
    expect(config.files?.flatMap((set) => set.filter ?? [])).toContain('out/**');
    expect(config.asarUnpack).toContain('node_modules/sql.js/dist/sql-wasm.wasm');
    expect(config.win?.target?.map((entry) => entry.target)).toEqual(['nsis']);
    expect(config.mac?.target?.map((entry) => entry.target)).toEqual(['dmg']);
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);

    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { main: string; scripts: Record<string, string> };
    expect(pkg.main).toBe('out/main/index.js');
    for (const script of ['dist', 'dist:win', 'dist:mac', 'dist:linux']) expect(pkg.scripts[script]).toContain('electron-builder');
  });

  it('electron-vite builds main (ES module), a CommonJS preload and the renderer', { timeout: 120_000 }, async () => {
    const outDir = tempDir();
    await promisify(execFile)(process.execPath, [join(ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build', '--outDir', outDir, '--logLevel', 'warn'], {
      cwd: ROOT,
      env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
    });
    const main = readFileSync(join(outDir, 'main', 'index.js'), 'utf8');
    const preload = readFileSync(join(outDir, 'preload', 'index.js'), 'utf8');
    expect(existsSync(join(outDir, 'renderer', 'index.html'))).toBe(true);

    expect(main).toMatch(/^import .* from "electron";$/m);
    expect(main).toContain('import.meta.dirname');
    expect(main).toContain('sql.js/dist/sql-wasm.wasm');
    // The window loads the preload by this exact name.
    expect(main).toContain('"../preload/index.js"');

    expect(existsSync(join(outDir, 'preload', 'index.mjs'))).toBe(false);
    expect(preload).toMatch(/require\("electron"\)/);
    expect(preload).not.toMatch(/^\s*(import|export)\s/m);
    expect(preload.match(/require\("([^"]+)"\)/g)).toEqual(['require("electron")']);
    expect(preload).toContain('exposeInMainWorld("vendorEval"');
  });
});
