import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { Run, RunTrace } from '../../../server/contracts';
import { api } from '../api/client';

export type RunSort = 'plan' | 'score-desc' | 'score-asc';

export interface RunFilters {
  model: string;
  vendor: string;
  stage: string;
  status: string;
  sort: RunSort;
}

/** The runs of evaluations, the traces opened from them, and the runs table's filters per evaluation. */
export const useRunsStore = defineStore('runs', () => {
  const runs = ref<Record<string, Run[]>>({});
  const traces = ref<Record<string, RunTrace>>({});
  const filters = ref<Record<string, RunFilters>>({});

  /** The filters of an evaluation's runs table; kept while the person reads a trace and comes back. */
  function filtersOf(evaluationId: string): RunFilters {
    filters.value[evaluationId] ??= { model: '', vendor: '', stage: '', status: '', sort: 'plan' };
    return filters.value[evaluationId];
  }

  async function loadRuns(evaluationId: string): Promise<Run[]> {
    const list = await api.listEvaluationRuns(evaluationId);
    runs.value[evaluationId] = list.runs;
    return list.runs;
  }

  async function loadTrace(runId: string): Promise<RunTrace> {
    const known = traces.value[runId];
    if (known && (known.status === 'completed' || known.status === 'failed')) return known;
    const trace = await api.getRunTrace(runId);
    traces.value[runId] = trace;
    return trace;
  }

  return { runs, traces, filters, filtersOf, loadRuns, loadTrace };
});
