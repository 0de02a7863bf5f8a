import type { VendorProfile } from '../../contracts';
import type {
  CustomerRecord,
  EvaluationRecord,
  EvaluationResults,
  RunRecord,
  ScenarioRecord,
  VendorRecord,
} from '../domain';

/** Everything the report is built from, read once by the caller. */
export interface ReportInput {
  evaluation: EvaluationRecord;
  customer: CustomerRecord;
  scenario: ScenarioRecord;
  vendors: VendorRecord[];
  /** The profile snapshots the evaluation ran against. */
  profiles: VendorProfile[];
  runs: RunRecord[];
  results: EvaluationResults;
  generatedAt: Date;
}

/** Vendor names as the report shows them, whichever record knows the vendor. */
export function vendorNames(input: ReportInput): (vendorId: string) => string {
  const names = new Map<string, string>();
  for (const run of input.runs) names.set(run.vendor_id, run.vendor_name);
  for (const ranking of input.results.scores.vendor_rankings) names.set(ranking.vendor_id, ranking.name);
  for (const vendor of input.vendors) names.set(vendor.id, vendor.name);
  return (vendorId) => names.get(vendorId) ?? vendorId;
}
