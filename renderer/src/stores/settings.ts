import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { Health } from '../../../server/contracts';
import { api, describeError } from '../api/client';
import { settingsBridge, type DesktopSettings, type DesktopSettingsUpdate, type ProviderId } from '../bridge';

/**
 * Settings come from the desktop bridge when the app runs in its window. In a
 * browser there is no bridge: the server reads them from environment variables.
 */
export const useSettingsStore = defineStore('settings', () => {
  const bridge = settingsBridge();
  const desktop = bridge !== null;
  const settings = ref<DesktopSettings | null>(null);
  const health = ref<Health | null>(null);
  const loading = ref(false);
  const error = ref<string | null>(null);

  async function load(): Promise<void> {
    loading.value = true;
    try {
      const [serverHealth, desktopSettings] = await Promise.all([api.health(), bridge ? bridge.getSettings() : Promise.resolve(null)]);
      health.value = serverHealth;
      settings.value = desktopSettings;
      error.value = null;
    } catch (failure) {
      error.value = describeError(failure);
    } finally {
      loading.value = false;
    }
  }

  async function save(update: DesktopSettingsUpdate): Promise<void> {
    if (!bridge) throw new Error('Settings can only be saved in the desktop app.');
    settings.value = await bridge.saveSettings(update);
  }

  /** Stores a key, or removes it when the key is empty; the bridge answers with the hint only. */
  async function setProviderKey(provider: ProviderId, key: string): Promise<void> {
    if (!bridge) throw new Error('Keys can only be stored in the desktop app.');
    await bridge.setProviderKey(provider, key === '' ? null : key);
    settings.value = await bridge.getSettings();
  }

  /** The models a new evaluation starts with. */
  function defaultModels(): string[] {
    return settings.value?.default_models ?? health.value?.default_models ?? ['rules'];
  }

  return { desktop, settings, health, loading, error, load, save, setProviderKey, defaultModels };
});
