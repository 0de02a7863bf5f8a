import { ref, watch, type Ref } from 'vue';
import { describeError } from './api/client';

export interface Loaded<T> {
  data: Ref<T | null>;
  loading: Ref<boolean>;
  error: Ref<string | null>;
  reload: () => Promise<void>;
}

/** Loads data for a key (an id) and reloads when the key changes; keeps loading and error state. */
export function useLoader<T>(key: () => string, load: (key: string) => Promise<T>): Loaded<T> {
  const data: Ref<T | null> = ref(null);
  const loading = ref(true);
  const error = ref<string | null>(null);
  let generation = 0;

  async function reload(): Promise<void> {
    const mine = ++generation;
    loading.value = true;
    error.value = null;
    try {
      const value = await load(key());
      if (mine === generation) data.value = value;
    } catch (failure) {
      if (mine === generation) error.value = describeError(failure);
    } finally {
      if (mine === generation) loading.value = false;
    }
  }

  watch(key, () => void reload(), { immediate: true });
  return { data, loading, error, reload };
}
