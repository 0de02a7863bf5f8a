/**
 * How every number is computed, in words. The report, the API docs and the
 * README quote these; the scoring code must keep them true.
 */

export const IMPACT_THRESHOLDS = { high: 20, medium: 10 } as const;

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
      "Mean of a vendor's completed run scores for that stage, across models and samples, times 10. The funnel scores are the customer's stage scores.",
  },
  {
    term: 'Overall score',
    scale: '0 to 100',
    definition: 'Mean of the five stage scores (consideration, comprehension, preference, executability, completion), equal weights.',
  },
  {
    term: 'Ranking score and rank',
    scale: '0 to 100; rank 1 is best',
    definition:
      "A vendor's overall score computed the same way. Vendors are ranked by it, highest first; equal scores (to one decimal) share a rank.",
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
      "The customer's profile with one fix applied (for example, prices published) is scored again by the same agent; the delta is the variant's stage score minus the measured stage score.",
  },
  {
    term: 'Partial',
    scale: 'yes or no',
    definition: 'Some runs failed; scores rest on the runs that completed. A stage with no completed run scores 0.',
  },
];
