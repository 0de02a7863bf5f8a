import { FUNNEL_STAGES, type TraceSample } from '../../contracts';
import type { ReportFailedRun, ReportTraceExcerpt } from '../../contracts/report';
import type { RunRecord } from '../domain';
import { excerpt } from './format';
import type { ReportInput } from './report-input';

/** Bounds that keep a report readable and printable however long the models wrote. */
const EXCERPT_LIMITS = {
  prompt: 600,
  response: 600,
  justification: 600,
  reasoning: 1200,
  quote: 300,
  error: 500,
} as const;

function lowestScoring(runs: readonly RunRecord[]): RunRecord | null {
  let lowest: RunRecord | null = null;
  for (const run of runs) {
    if (run.status !== 'completed' || run.score === null) continue;
    if (lowest === null || run.score < (lowest.score ?? Infinity) || (run.score === lowest.score && run.seq < lowest.seq)) {
      lowest = run;
    }
  }
  return lowest;
}

/** The sample a reader should see: the first that produced a score. */
function shownSample(run: RunRecord): TraceSample | undefined {
  return run.samples.find((sample) => sample.score !== null) ?? run.samples[0];
}

function traceExcerpt(run: RunRecord, vendorName: string): ReportTraceExcerpt {
  const sample = shownSample(run);
  const prompt = sample?.prompt ?? '';
  const response = sample?.response ?? '';
  return {
    run_id: run.id,
    model: run.model,
    vendor_id: run.vendor_id,
    vendor_name: vendorName,
    stage: run.stage,
    score: run.score ?? 0,
    justification: excerpt(sample?.justification ?? '', EXCERPT_LIMITS.justification),
    reasoning: excerpt(sample?.reasoning ?? '', EXCERPT_LIMITS.reasoning),
    prompt_excerpt: excerpt(prompt, EXCERPT_LIMITS.prompt),
    prompt_length: prompt.length,
    response_excerpt: excerpt(response, EXCERPT_LIMITS.response),
    response_length: response.length,
    evidence: (sample?.evidence ?? []).map((item) => ({
      quote: excerpt(item.quote, EXCERPT_LIMITS.quote),
      source_url: item.source_url,
      supported: item.supported,
    })),
  };
}

export function buildTraces(
  input: ReportInput,
  nameOf: (vendorId: string) => string,
): { lowest_by_stage: ReportTraceExcerpt[]; failed_runs: ReportFailedRun[] } {
  const customerId = input.evaluation.customer_vendor_id;
  const customerRuns = input.runs.filter((run) => run.vendor_id === customerId);
  const lowest = FUNNEL_STAGES.flatMap((stage) => {
    const run = lowestScoring(customerRuns.filter((candidate) => candidate.stage === stage));
    return run ? [traceExcerpt(run, nameOf(run.vendor_id))] : [];
  });
  const failed = input.runs
    .filter((run) => run.status === 'failed')
    .sort((a, b) => a.seq - b.seq)
    .map((run) => ({
      run_id: run.id,
      model: run.model,
      vendor_id: run.vendor_id,
      vendor_name: nameOf(run.vendor_id),
      stage: run.stage,
      error: excerpt(run.error ?? 'The run failed without a message.', EXCERPT_LIMITS.error),
    }));
  return { lowest_by_stage: lowest, failed_runs: failed };
}
