import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../bin/vendor-eval.js', import.meta.url));

export interface ServeProcess {
  child: ChildProcess;
  apiUrl: string;
  stdout: () => string;
  stderr: () => string;
}

/** Starts `vendor-eval serve` as a real child process and waits for the URL it prints. */
export function startServeProcess(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ServeProcess> {
  const child = spawn(process.execPath, [CLI, 'serve', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk) => (err += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start in time: ${err}`)), 20_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}: ${err}`));
    });
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/listening on (http:\/\/127\.0\.0\.1:\d+\/api\/v1)/);
      if (match) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve({ child, apiUrl: match[1]!, stdout: () => out, stderr: () => err });
      }
    });
  });
}

export function waitForExit(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}
