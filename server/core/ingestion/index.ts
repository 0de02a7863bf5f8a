export { ingestVendorWebsite, type IngestionDeps } from './ingest';
export { DEFAULT_INGESTION_LIMITS, type IngestionLimits } from './limits';
export { AI_AGENTS } from './robots';
