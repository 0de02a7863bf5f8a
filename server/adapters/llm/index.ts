export { createLlmProviders, llmSettingsFromEnv, DEFAULT_PROVIDER_CONCURRENCY, OLLAMA_DEFAULT_BASE_URL, type LlmSettings, type ProviderName } from './providers';
export { ProviderCallError } from './provider-failure';
