import type { Logger } from '../../core/ports';

export interface RecoveredFile {
  file: string;
  reason: string;
  /** The file's previous good copy (`.bak`) was used in its place. */
  usedBackup: boolean;
}

export interface StartupReport {
  recovered: RecoveredFile[];
  warnings: string[];
}

/**
 * Collects what recovery found into the startup report and the log. Databases
 * opened later (evaluation and profile shards load on demand) add to the same
 * report, so it stays the one place that lists every repair.
 */
export class RecoveryLog {
  readonly report: StartupReport = { recovered: [], warnings: [] };

  constructor(private readonly logger: Logger) {}

  recovered(file: string, reason: string, usedBackup = false): void {
    this.report.recovered.push({ file, reason, usedBackup });
    this.logger.warn('storage repaired a damaged file', { file, reason, used_backup: usedBackup });
  }

  warning(file: string, message: string): void {
    this.report.warnings.push(`${file}: ${message}`);
    this.logger.warn('storage warning', { file, message });
  }
}

export const silentLogger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
