import type { StatusView } from '../../contracts';
import type { Evaluations } from './evaluations';
import type { EvaluationRunner } from './runner';

/** Polls the status view until the evaluation ends, reporting each poll; returns the final status. */
export async function waitForEvaluation(
  deps: { evaluations: Evaluations; runner: EvaluationRunner },
  evaluationId: string,
  onStatus: (status: StatusView) => void = () => {},
  intervalMs = 150,
): Promise<StatusView> {
  for (;;) {
    const status = deps.evaluations.status(evaluationId);
    onStatus(status);
    if (status.status === 'completed' || status.status === 'failed') {
      await deps.runner.waitFor(evaluationId);
      return deps.evaluations.status(evaluationId);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
