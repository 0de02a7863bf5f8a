/**
 * How every number is computed, in words. The report, the API docs and the
 * README quote these; the scoring code must keep them true.
 */

export const IMPACT_THRESHOLDS = { high: 20, medium: 10 } as const;

/** Stage points (0 to 100) by which a competitor must lead the customer for the diagnosis to name it. */
export const DECISIVE_LEAD = 20;

export interface ScoreDefinition {
  term: string;
  scale: string;
  definition: string;
}

export const SCORE_DEFINITIONS: readonly ScoreDefinition[] = [
  {
    term: 'Run score',
    scale: '0 to 10',
    definition:
      'One model working one funnel stage for one vendor. The rules agent adds up the points of the checks it passes for that stage (the points of a stage sum to 10); a language model gives its own score. With several samples the run score is their mean.',
  },
  {
    term: 'Stage score',
    scale: '0 to 100',
    definition:
      "Mean of a vendor's completed run scores for that stage across models, times 10, to one decimal. Each run counts once (its score is already the mean of its samples), so every model weighs the same. The funnel scores are the customer's stage scores.",
  },
  {
    term: 'Overall score',
    scale: '0 to 100',
    definition:
      'Mean of the five stage scores (consideration, comprehension, preference, executability, completion), equal weights, to one decimal.',
  },
  {
    term: 'Ranking score and rank',
    scale: '0 to 100; rank 1 is best',
    definition:
      "A vendor's overall score computed the same way. Vendors are ranked by it, highest first; equal scores (to one decimal) share a rank.",
  },
  {
    term: 'Confidence interval',
    scale: '0 to 100, 95%',
    definition:
      "How far a score could move if the runs were repeated. A stage interval is centred on the stage score and spans ± t × s / √n, where n is the number of sample scores behind the stage (every completed sample of every model, times 10), s their standard deviation and t the 97.5% point of Student's t with n − 1 degrees of freedom. An overall interval combines the five stages: the standard error is √(Σ s²/n) / 5 over the stages, with Welch–Satterthwaite degrees of freedom (rounded down), and its n is the fewest samples behind any stage. Ends are clamped to 0–100. With n = 1 (the rules agent, which is deterministic, or one sample) the interval is the score itself: one sample shows no spread, which is not the same as certainty.",
  },
  {
    term: 'Tied',
    scale: 'vendor list',
    definition:
      "A vendor's ranking lists as tied_with every other vendor whose overall interval overlaps its own: the samples cannot tell the two apart, whatever their ranks say. With point intervals only equal scores tie.",
  },
  {
    term: 'Cost',
    scale: 'USD and tokens',
    definition:
      'A run costs the tokens its samples were billed (input and output, as the provider reported them) times the price table, in USD per million tokens. Samples answered from the response cache, the rules agent and local models (ollama:*) cost 0; a model missing from the price table counts 0. The evaluation total is the sum over its runs.',
  },
  {
    term: 'Root cause',
    scale: 'points on 0 to 100',
    definition: `The rules agent's checks run on the customer's profile whatever models ran. Each check it does not fully pass is a cause; its points lost are the check points not earned times 10 (checks of a stage that fail for the same reason, such as an unreadable site, make one cause). Where a competitor's stage score is at least ${DECISIVE_LEAD} points above the customer's, a cause names that competitor (its vendor_id) and the (up to three) checks on which it gains most; its points lost are those gains times 10, capped at the lead, or the whole lead when the checks find no difference.`,
  },
  {
    term: 'Impact of a root cause',
    scale: 'high, medium, low',
    definition: `Stage points (0 to 100) the cause costs the customer: high from ${IMPACT_THRESHOLDS.high} points, medium from ${IMPACT_THRESHOLDS.medium}, low below. Root causes are listed by points lost, highest first.`,
  },
  {
    term: 'Causal variant',
    scale: 'points on 0 to 100',
    definition:
      "For each of the customer's top root causes that has a fix (up to 5, one per cause), the customer's profile with that fix applied (for example, prices published) is scored again by the rules agent against the same competitors. Baseline is the rules agent's score of the unchanged profile, so the delta (variant minus baseline) is the effect of the fix alone; all five stages are reported, unmoved ones with delta 0. The rules agent is deterministic, so each delta is exact: its interval has n = 1 and low = high = delta. For the top 3 of these causes, each language model of the evaluation measures the variant too: it re-runs, for the customer only and with the evaluation's samples, the stages the fix can move (where the rules delta is not 0, and the cause's own stage), with the fixed profile in place of the customer's. Its delta is the mean of the variant samples minus the mean of that model's baseline samples, times 10, with Welch's 95% interval (n is the smaller side); a stage not re-run copies its baseline, with delta 0 and n = 0.",
  },
  {
    term: 'Budget fit',
    scale: 'fits, over, not comparable',
    definition:
      "The budget is read from the task (\"under $50 a month\"). A vendor's entry plan is its cheapest paid plan (a free plan only when nothing is paid); it fits when its price, in the budget's currency and converted between month and year, is at most the budget. A budget without a period is set against one billing period. No published price cannot be shown to fit.",
  },
  {
    term: 'Partial',
    scale: 'yes or no',
    definition:
      'Some runs failed; scores rest on the runs that completed. A stage with no completed run scores 0. When every run of one model failed, that model is named with its first error and the scores rest on the other models.',
  },
];
