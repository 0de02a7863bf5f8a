import { FUNNEL_STAGES, type EvaluationEstimate, type FunnelStage, type ModelEstimate, type VendorProfile } from '../../contracts';
import type { ScenarioRecord } from '../domain';
import { costOf, formatUsd, priceOf, roundUsd, type PriceTable } from './cost';

/**
 * What an evaluation will cost, before it runs. Token counts are estimated
 * from text sizes at four characters a token; the constants below are the
 * assumptions, stated in the answer so nobody mistakes them for a bill.
 */

export const CHARS_PER_TOKEN = 4;
/** Instructions, the question and the answer schema that every prompt carries. */
export const PROMPT_OVERHEAD_CHARS = 2_000;
/** Vendor content one prompt carries at most; the preference stage shares it among the vendors. */
export const CONTENT_CAP_CHARS = 24_000;
/** A vendor's share of a shared prompt never drops below this. */
const MIN_VENDOR_SHARE_CHARS = 3_000;
/** The facts ingestion found (plans, docs, API, signup), as a prompt states them. */
export const PROFILE_FACTS_CHARS = 1_500;
/** Profile content assumed for a vendor whose website has not been read yet. */
export const UNREAD_PROFILE_CHARS = 12_000;
/** A structured answer: score, reasoning, justification, evidence quotes. */
export const OUTPUT_TOKENS_PER_CALL = 500;

/** Models that call no language model spend no tokens. */
const NO_TOKENS_MODELS = new Set(['rules']);

export interface EstimateVendor {
  name: string;
  /** The stored profile, or null when the site has not been read yet. */
  profile: VendorProfile | null;
}

export interface EstimateInput {
  evaluationId: string;
  scenario: ScenarioRecord;
  vendors: EstimateVendor[];
  models: string[];
  samplesOf: (model: string) => number;
  prices: PriceTable;
}

/** Characters of a vendor's content a model would read: its facts and its page texts. */
export function profileChars(profile: VendorProfile | null): number {
  if (!profile) return UNREAD_PROFILE_CHARS;
  return PROFILE_FACTS_CHARS + profile.pages.reduce((sum, page) => sum + page.text.length, 0);
}

function promptChars(stage: FunnelStage, scenarioChars: number, vendorChars: number, allVendorChars: readonly number[]): number {
  if (stage === 'preference') {
    const share = Math.max(MIN_VENDOR_SHARE_CHARS, Math.floor(CONTENT_CAP_CHARS / Math.max(1, allVendorChars.length)));
    const content = allVendorChars.reduce((sum, chars) => sum + Math.min(chars, share), 0);
    return PROMPT_OVERHEAD_CHARS + scenarioChars + content;
  }
  return PROMPT_OVERHEAD_CHARS + scenarioChars + Math.min(vendorChars, CONTENT_CAP_CHARS);
}

export function estimateEvaluation(input: EstimateInput): EvaluationEstimate {
  const { scenario } = input;
  const scenarioChars = scenario.task.length + scenario.category.length + scenario.requirements.join('\n').length;
  const vendorChars = input.vendors.map((vendor) => profileChars(vendor.profile));
  let promptCharsPerSample = 0;
  for (const stage of FUNNEL_STAGES) {
    for (const chars of vendorChars) promptCharsPerSample += promptChars(stage, scenarioChars, chars, vendorChars);
  }
  const runsPerModel = FUNNEL_STAGES.length * input.vendors.length;

  const perModel: ModelEstimate[] = input.models.map((model) => {
    const samples = input.samplesOf(model);
    const calls = runsPerModel * samples;
    const spendsTokens = !NO_TOKENS_MODELS.has(model);
    const inputTokens = spendsTokens ? Math.ceil((promptCharsPerSample * samples) / CHARS_PER_TOKEN) : 0;
    const outputTokens = spendsTokens ? calls * OUTPUT_TOKENS_PER_CALL : 0;
    const price = priceOf(input.prices, model);
    return {
      model,
      calls,
      samples,
      input_tokens: inputTokens,
      output_tokens: outputTokens,
      cost_usd: roundUsd(costOf({ input_tokens: inputTokens, output_tokens: outputTokens }, price)),
      priced: price !== null,
      input_usd_per_million: price?.input_usd_per_million ?? null,
      output_usd_per_million: price?.output_usd_per_million ?? null,
    };
  });

  const unread = input.vendors.filter((vendor) => vendor.profile === null).map((vendor) => vendor.name);
  const unpriced = perModel.filter((entry) => !entry.priced).map((entry) => entry.model);
  const assumptions = [
    `One call per sample: ${input.models.length} model(s) × ${FUNNEL_STAGES.length} stages × ${input.vendors.length} vendors × samples per run. Answers repaired after an invalid reply, and extra questions an agent asks within a stage, are not counted.`,
    `Tokens are characters / ${CHARS_PER_TOKEN}. A prompt holds ${PROMPT_OVERHEAD_CHARS.toLocaleString('en-US')} characters of instructions, the scenario and the scored vendor's content (${PROFILE_FACTS_CHARS.toLocaleString('en-US')} characters of profile facts plus its page texts, at most ${CONTENT_CAP_CHARS.toLocaleString('en-US')} characters); the preference stage shares that budget among all vendors.`,
    `Each answer is counted as ${OUTPUT_TOKENS_PER_CALL} output tokens.`,
    'The rules agent calls no model: no tokens, no cost. Local models (ollama:*) spend tokens at no cost. Answers served from the response cache cost nothing, so a re-run usually costs less.',
    unread.length > 0
      ? `Not read yet, so ${UNREAD_PROFILE_CHARS.toLocaleString('en-US')} characters of content are assumed for: ${unread.join(', ')}.`
      : 'Vendor content sizes are those of the stored profiles.',
    ...(unpriced.length > 0 ? [`No price is known for ${unpriced.join(', ')}: counted as ${formatUsd(0)}; add it to the price table (VENDOR_EVAL_PRICES).`] : []),
  ];

  return {
    evaluation_id: input.evaluationId,
    calls: perModel.reduce((sum, entry) => sum + entry.calls, 0),
    input_tokens: perModel.reduce((sum, entry) => sum + entry.input_tokens, 0),
    output_tokens: perModel.reduce((sum, entry) => sum + entry.output_tokens, 0),
    cost_usd: roundUsd(perModel.reduce((sum, entry) => sum + entry.cost_usd, 0)),
    per_model: perModel,
    assumptions,
  };
}

/** The estimate as a few lines for a terminal, printed before a paid evaluation starts. */
export function describeEstimate(estimate: EvaluationEstimate, capUsd: number | null): string {
  const tokens = (count: number) => count.toLocaleString('en-US');
  const lines = [
    `Estimated cost: about ${formatUsd(estimate.cost_usd)} for ${tokens(estimate.calls)} calls (${tokens(estimate.input_tokens)} input, ${tokens(estimate.output_tokens)} output tokens)`,
    ...estimate.per_model.map(
      (model) =>
        `  ${model.model}: ${tokens(model.calls)} calls, ${model.priced ? `about ${formatUsd(model.cost_usd)}` : 'no price known, counted as $0'}`,
    ),
    capUsd === null
      ? '  No spending cap: pass --max-cost <usd> to stop at one.'
      : `  Spending cap: ${formatUsd(capUsd)}; no run starts once it is reached.`,
    '  This is an estimate from text sizes (4 characters a token), not a bill.',
  ];
  return `${lines.join('\n')}\n`;
}
