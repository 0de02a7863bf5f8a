import type { AgentRegistry, AgentResolution, BuyerAgent } from '../ports';

/** A factory for the agents of one provider (`openai`, `gemini`, ...). */
export interface ProviderAgents {
  provider: string;
  /** Why the provider cannot be used, or null when it can. */
  unavailableReason(): string | null;
  create(model: string): BuyerAgent;
}

/**
 * Resolves model ids to buying agents: `rules` is built in; `<provider>:<model>`
 * goes to that provider's factory. Agents are created once per id and reused.
 */
export function createAgentRegistry(options: {
  builtIn: BuyerAgent[];
  providers: ProviderAgents[];
  defaultModels: string[];
}): AgentRegistry {
  const agents = new Map<string, BuyerAgent>(options.builtIn.map((agent) => [agent.id, agent]));
  const providers = new Map(options.providers.map((provider) => [provider.provider, provider]));

  return {
    resolve(modelId: string): AgentResolution {
      const known = agents.get(modelId);
      if (known) return { ok: true, agent: known };
      const colon = modelId.indexOf(':');
      if (colon <= 0) {
        const builtIn = [...agents.keys()].join(', ');
        return { ok: false, reason: `unknown model '${modelId}'; use ${builtIn} or <provider>:<model>` };
      }
      const providerName = modelId.slice(0, colon);
      const provider = providers.get(providerName);
      if (!provider) {
        const names = [...providers.keys()];
        const hint = names.length > 0 ? `known providers: ${names.join(', ')}` : 'no model provider is configured; use "rules"';
        return { ok: false, reason: `unknown provider '${providerName}' (${hint})` };
      }
      const reason = provider.unavailableReason();
      if (reason) return { ok: false, reason };
      const agent = provider.create(modelId.slice(colon + 1));
      agents.set(modelId, agent);
      return { ok: true, agent };
    },
    defaultModels: () => [...options.defaultModels],
  };
}
