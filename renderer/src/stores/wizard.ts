import { defineStore } from 'pinia';
import { ref } from 'vue';
import { emptyDraft, type QuickEvalDraft } from '../wizard/quick-eval-form';

/** The quick-eval wizard's draft, kept while the person looks at another screen. */
export const useWizardStore = defineStore('wizard', () => {
  const draft = ref<QuickEvalDraft>(emptyDraft());
  const step = ref(0);
  const touched = ref(false);

  function reset(defaultModels: string[], spendingCap: number | null = null): void {
    draft.value = emptyDraft(defaultModels, spendingCap);
    step.value = 0;
    touched.value = false;
  }

  return { draft, step, touched, reset };
});
