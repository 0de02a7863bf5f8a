import type { FunnelStage } from '../../contracts';
import type { AgentVendor, BuyerAgent, StageAnswer, StageTask } from '../ports';
import { checkEvidence, seededShuffle } from './llm-evidence';
import { Exchange } from './llm-exchange';
import type { ChatModel } from './llm-provider';
import {
  PREFERENCE_SCHEMA,
  PreferenceAnswer,
  STAGE_SCORE_SCHEMA,
  StageScoreAnswer,
  UNAIDED_SCHEMA,
  UnaidedAnswer,
} from './prompts/output-schemas';
import { preferencePrompt, stagePrompt, unaidedPrompt } from './prompts/stage-prompts';

export interface LlmAgentOptions {
  /** `<provider>:<model>`. */
  id: string;
  chat: ChatModel;
  /** Samples per run when the evaluation names none (default 3). */
  defaultSamples?: number;
  /** Default 0.7: samples should differ enough for their mean to mean something. */
  temperature?: number;
}

/** Share of the consideration score that unaided recall carries. */
export const RECALL_WEIGHT = 0.2;

/** What an LLM run keeps beside its score: how the answer came about. */
export interface LlmRunDetail {
  agent: 'llm';
  model: string;
  stage: FunnelStage;
  vendor_id: string;
  /** Provider calls the sample needed (a repair adds one). */
  calls: number;
  repaired: boolean;
  cached: boolean;
  unaided?: { named: string[]; recalled: boolean; aided_score: number };
  /** Preference: the vendors in the order the model saw them, with the score each got. */
  comparison?: { order: string[]; scores: Record<string, number> };
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const nameKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** The vendor's name or its site's name among the names the model gave. */
function recalled(vendor: AgentVendor, named: string[]): boolean {
  const keys = [nameKey(vendor.name)];
  try {
    const host = new URL(vendor.website_url).hostname.replace(/^www\./, '');
    const label = host.split('.').at(-2);
    if (label && !/^\d+$/.test(label)) keys.push(nameKey(label));
  } catch {
    // no usable host: the name alone decides
  }
  return named.some((name) => keys.some((key) => key.length > 2 && nameKey(name).includes(key)));
}

/**
 * A buying agent backed by a language model: each funnel stage becomes a
 * prompt that puts the model in the buyer's seat, with the vendors' ingested
 * content as fenced data, and a structured answer that is validated, repaired
 * once if needed, and checked quote by quote against the stored pages.
 */
export function createLlmAgent(options: LlmAgentOptions): BuyerAgent {
  const temperature = options.temperature ?? 0.7;
  return {
    id: options.id,
    defaultSamples: options.defaultSamples ?? 3,
    async runStage(task: StageTask, signal: AbortSignal): Promise<StageAnswer> {
      signal.throwIfAborted();
      const seed = task.sample;
      const exchange = new Exchange({ chat: options.chat, temperature, seed, signal, noCache: task.no_cache === true });
      const profiles = task.vendors.map((vendor) => vendor.profile);
      const base = { agent: 'llm', model: options.id, stage: task.stage, vendor_id: task.vendor.id } as const;

      let outcome: Pick<StageAnswer, 'reasoning' | 'justification' | 'score' | 'evidence'>;
      let extra: Pick<LlmRunDetail, 'unaided' | 'comparison'> = {};
      if (task.stage === 'preference') {
        const order = seededShuffle(task.vendors, seed);
        const keys = order.map((vendor) => nameKey(vendor.name));
        const answer = await exchange.ask(preferencePrompt(task.scenario, order), PREFERENCE_SCHEMA, PreferenceAnswer, (value) => {
          const given = new Set(value.vendors.map((entry) => nameKey(entry.name)));
          const missing = order.filter((_, index) => !given.has(keys[index]!)).map((vendor) => vendor.name);
          return missing.length > 0 ? `missing vendors (${missing.join(', ')}): score every vendor by its exact name` : null;
        });
        const scoreOf = (vendor: AgentVendor) => answer.vendors.find((entry) => nameKey(entry.name) === nameKey(vendor.name))!;
        const own = scoreOf(task.vendor);
        outcome = {
          reasoning: answer.reasoning,
          justification: own.justification,
          score: own.score,
          evidence: checkEvidence(own.evidence, profiles),
        };
        extra = { comparison: { order: order.map((vendor) => vendor.name), scores: Object.fromEntries(order.map((vendor) => [vendor.name, scoreOf(vendor).score])) } };
      } else if (task.stage === 'consideration') {
        const unaided = await exchange.ask(unaidedPrompt(task.scenario), UNAIDED_SCHEMA, UnaidedAnswer);
        const aided = await exchange.ask(stagePrompt('consideration', task.scenario, task.vendor, task.vendors), STAGE_SCORE_SCHEMA, StageScoreAnswer);
        const wasRecalled = recalled(task.vendor, unaided.vendors);
        const score = round2(aided.score * (1 - RECALL_WEIGHT) + (wasRecalled ? 10 : 0) * RECALL_WEIGHT);
        outcome = {
          reasoning: `Unaided, the model named: ${unaided.vendors.join(', ') || 'no vendor'} (${task.vendor.name} ${wasRecalled ? 'among them' : 'not among them'}).\n${aided.reasoning}`,
          justification: aided.justification,
          score,
          evidence: checkEvidence(aided.evidence, profiles),
        };
        extra = { unaided: { named: unaided.vendors, recalled: wasRecalled, aided_score: aided.score } };
      } else {
        const answer = await exchange.ask(stagePrompt(task.stage, task.scenario, task.vendor, task.vendors), STAGE_SCORE_SCHEMA, StageScoreAnswer);
        outcome = {
          reasoning: answer.reasoning,
          justification: answer.justification,
          score: answer.score,
          evidence: checkEvidence(answer.evidence, profiles),
        };
      }

      const detail: LlmRunDetail = {
        ...base,
        calls: exchange.callCount(),
        repaired: exchange.repaired,
        cached: exchange.allCached(),
        ...extra,
      };
      const usage = exchange.usage();
      return {
        prompt: exchange.transcript(),
        response: exchange.lastText,
        ...outcome,
        temperature,
        seed,
        detail,
        ...(usage ? { usage } : {}),
        cached: exchange.allCached(),
      };
    },
  };
}
