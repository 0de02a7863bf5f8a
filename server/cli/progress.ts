import cliProgress from 'cli-progress';
import type { StatusView } from '../contracts';

const PHASE_TEXT: Record<StatusView['phase'], string> = {
  idle: 'waiting',
  ingesting: 'reading vendor websites',
  running: 'agents working the funnel',
  scoring: 'scoring',
  variants: 'measuring the lift of fixes',
  done: 'done',
};

export interface ProgressReporter {
  update(status: StatusView): void;
  stop(): void;
}

/**
 * A progress bar on a terminal; plain lines when stderr is not a terminal;
 * nothing when quiet (e.g. --json on stdout wants a clean stream).
 */
export function createProgressReporter(stream: NodeJS.WriteStream, quiet: boolean): ProgressReporter {
  if (quiet) return { update: () => {}, stop: () => {} };
  if (!stream.isTTY) {
    let last = '';
    return {
      update(status) {
        const line = `${status.status}: ${PHASE_TEXT[status.phase]} (${status.progress.completed_runs}/${status.progress.total_runs} runs)`;
        if (line !== last) stream.write(`${line}\n`);
        last = line;
      },
      stop: () => {},
    };
  }
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: ' {bar} {percentage}% | {value}/{total} runs | {phase}',
      hideCursor: true,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(status) {
      const total = Math.max(status.progress.total_runs, 1);
      if (!started) {
        bar.start(total, 0, { phase: PHASE_TEXT[status.phase] });
        started = true;
      }
      bar.setTotal(total);
      bar.update(status.progress.completed_runs, { phase: PHASE_TEXT[status.phase] });
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
