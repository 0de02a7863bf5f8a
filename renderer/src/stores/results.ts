import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { DiagnosisView, ScoresView } from '../../../server/contracts';
import { api } from '../api/client';

/** The scores and diagnosis of completed evaluations. */
export const useResultsStore = defineStore('results', () => {
  const scores = ref<Record<string, ScoresView>>({});
  const diagnoses = ref<Record<string, DiagnosisView>>({});

  async function loadScores(id: string, fresh = false): Promise<ScoresView> {
    const known = scores.value[id];
    if (known && !fresh) return known;
    const view = await api.getEvaluationScores(id);
    scores.value[id] = view;
    return view;
  }

  async function loadDiagnosis(id: string, fresh = false): Promise<DiagnosisView> {
    const known = diagnoses.value[id];
    if (known && !fresh) return known;
    const view = await api.getEvaluationDiagnosis(id);
    diagnoses.value[id] = view;
    return view;
  }

  /** A re-run replaces the results: drop what was kept of the earlier one. */
  function forget(id: string): void {
    delete scores.value[id];
    delete diagnoses.value[id];
  }

  return { scores, diagnoses, loadScores, loadDiagnosis, forget };
});
