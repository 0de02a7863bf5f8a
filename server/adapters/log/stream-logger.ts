import type { Logger } from '../../core/ports';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** One JSON line per event, written to a stream (stderr by default). */
export function createStreamLogger(
  level: LogLevel = 'info',
  write: (line: string) => void = (line) => process.stderr.write(line),
): Logger {
  const emit = (eventLevel: Exclude<LogLevel, 'silent' | 'debug'>, message: string, fields?: Record<string, unknown>) => {
    if (ORDER[eventLevel] < ORDER[level]) return;
    write(`${JSON.stringify({ time: new Date().toISOString(), level: eventLevel, message, ...fields })}\n`);
  };
  return {
    info: (message, fields) => emit('info', message, fields),
    warn: (message, fields) => emit('warn', message, fields),
    error: (message, fields) => emit('error', message, fields),
  };
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
