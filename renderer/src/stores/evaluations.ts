import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { Evaluation, StatusView } from '../../../server/contracts';
import { api, describeError } from '../api/client';

const POLL_MS = 800;

/** Evaluations and their live status. Running ones are polled while a screen watches them. */
export const useEvaluationsStore = defineStore('evaluations', () => {
  const byId = ref<Record<string, Evaluation>>({});
  const order = ref<string[]>([]);
  const statuses = ref<Record<string, StatusView>>({});
  const listLoaded = ref(false);
  const listLoading = ref(false);
  const listError = ref<string | null>(null);
  let watchers = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const list = computed(() => order.value.flatMap((id) => byId.value[id] ?? []));

  function remember(evaluation: Evaluation): void {
    byId.value[evaluation.id] = evaluation;
    if (!order.value.includes(evaluation.id)) order.value.unshift(evaluation.id);
  }

  async function loadList(): Promise<void> {
    listLoading.value = true;
    try {
      const evaluations = await api.listEvaluations();
      for (const evaluation of evaluations) byId.value[evaluation.id] = evaluation;
      order.value = evaluations.map((evaluation) => evaluation.id);
      listError.value = null;
      listLoaded.value = true;
      await Promise.all(evaluations.filter((evaluation) => evaluation.status === 'running').map((evaluation) => refreshStatus(evaluation.id)));
    } catch (failure) {
      listError.value = describeError(failure);
    } finally {
      listLoading.value = false;
    }
  }

  async function load(id: string): Promise<Evaluation> {
    const [evaluation, status] = await Promise.all([api.getEvaluation(id), api.getEvaluationStatus(id)]);
    remember(evaluation);
    statuses.value[id] = status;
    return evaluation;
  }

  async function refreshStatus(id: string): Promise<StatusView> {
    const previous = statuses.value[id]?.status ?? byId.value[id]?.status;
    const status = await api.getEvaluationStatus(id);
    statuses.value[id] = status;
    const known = byId.value[id];
    if (known && status.status !== previous) {
      // The record carries completed_at and error; fetch it again when the state moves on.
      remember(await api.getEvaluation(id));
    } else if (known) {
      known.status = status.status;
    }
    return status;
  }

  async function start(id: string): Promise<void> {
    await api.runEvaluation(id);
    await refreshStatus(id);
    schedule();
  }

  function isActive(id: string): boolean {
    const status = statuses.value[id]?.status ?? byId.value[id]?.status;
    return status === 'running';
  }

  async function pollOnce(): Promise<void> {
    const active = Object.keys(byId.value).filter(isActive);
    await Promise.all(active.map((id) => refreshStatus(id).catch(() => undefined)));
  }

  function schedule(): void {
    if (timer !== undefined || watchers === 0) return;
    timer = setTimeout(async () => {
      await pollOnce();
      timer = undefined;
      schedule();
    }, POLL_MS);
  }

  /** Keeps running evaluations' status fresh until the returned function is called. */
  function watchRunning(): () => void {
    watchers += 1;
    schedule();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      watchers -= 1;
      if (watchers === 0 && timer !== undefined) {
        clearTimeout(timer);
        timer = undefined;
      }
    };
  }

  return { byId, list, statuses, listLoaded, listLoading, listError, remember, loadList, load, refreshStatus, start, watchRunning, isActive };
});
