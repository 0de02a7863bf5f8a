import type { z } from 'zod';
import { QuickEvalCreateSchema } from '../../../server/contracts';
import type { FieldIssue } from '../api/client';

/** What the wizard holds while a person types: rows may be blank, samples is text. */
export interface QuickEvalDraft {
  company_name: string;
  website_url: string;
  competitors: string[];
  task: string;
  category: string;
  requirements: string[];
  models: string[];
  samples: string;
  /** Spending cap in US dollars, as typed; blank for none. */
  max_cost_usd: string;
}

/** Error messages by field path, named as the server names them: `competitors[1]`, `task`. */
export type FieldErrors = Record<string, string>;

export type QuickEvalBody = z.input<typeof QuickEvalCreateSchema>;

export interface WizardStep {
  id: string;
  title: string;
  /** Top-level fields this step edits; an error on one of them sends the person back here. */
  fields: readonly string[];
}

export const WIZARD_STEPS: readonly WizardStep[] = [
  { id: 'company', title: 'Your product', fields: ['company_name', 'website_url'] },
  { id: 'competitors', title: 'Competitors', fields: ['competitors'] },
  { id: 'task', title: 'Buying task', fields: ['task', 'category', 'requirements'] },
  { id: 'agents', title: 'Agents', fields: ['models', 'samples', 'max_cost_usd'] },
];

export function emptyDraft(defaultModels: string[] = ['rules'], spendingCap: number | null = null): QuickEvalDraft {
  return {
    company_name: '',
    website_url: '',
    competitors: [''],
    task: '',
    category: '',
    requirements: [],
    models: [...defaultModels],
    samples: '',
    max_cost_usd: spendingCap === null ? '' : String(spendingCap),
  };
}

/** The top-level field of a path: `competitors[1]` → `competitors`. */
export function rootField(path: string): string {
  return path.replace(/\[.*$/, '').replace(/\..*$/, '');
}

export function stepOfField(path: string): number {
  const root = rootField(path);
  const index = WIZARD_STEPS.findIndex((step) => step.fields.includes(root));
  return index === -1 ? 0 : index;
}

interface RowList {
  values: string[];
  /** Index in the draft's rows of each value sent. */
  rows: number[];
}

function nonBlankRows(rows: string[]): RowList {
  const values: string[] = [];
  const indexes: number[] = [];
  rows.forEach((row, index) => {
    if (row.trim() !== '') {
      values.push(row.trim());
      indexes.push(index);
    }
  });
  return { values, rows: indexes };
}

export interface PreparedRequest {
  body: QuickEvalBody;
  /** Renames a field path of the request to the row the person typed it in. */
  toDraftField(path: string): string;
}

/** The request body from the draft; blank rows are left out. */
export function prepareRequest(draft: QuickEvalDraft): PreparedRequest {
  const lists: Record<'competitors' | 'requirements' | 'models', RowList> = {
    competitors: nonBlankRows(draft.competitors),
    requirements: nonBlankRows(draft.requirements),
    models: nonBlankRows(draft.models),
  };
  const samplesText = draft.samples.trim();
  const capText = draft.max_cost_usd.trim().replace(/^\$/, '');
  const body: QuickEvalBody = {
    company_name: draft.company_name,
    website_url: draft.website_url,
    competitors: lists.competitors.values,
    task: draft.task,
    category: draft.category,
    ...(lists.requirements.values.length > 0 ? { requirements: lists.requirements.values } : {}),
    ...(lists.models.values.length > 0 ? { models: lists.models.values } : {}),
    ...(samplesText !== '' ? { samples: Number(samplesText) } : {}),
    ...(capText !== '' ? { max_cost_usd: Number(capText) } : {}),
  };
  return {
    body,
    toDraftField(path) {
      const match = /^(competitors|requirements|models)\[(\d+)\](.*)$/.exec(path);
      if (!match) return path;
      const [, list, index, rest] = match;
      const row = lists[list as keyof typeof lists].rows[Number(index)];
      return row === undefined ? path : `${list}[${row}]${rest}`;
    },
  };
}

function pathToField(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'body';
  return path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)), '');
}

/** The same checks the server makes, before anything is sent. */
export function validateDraft(draft: QuickEvalDraft): FieldErrors {
  const request = prepareRequest(draft);
  const errors: FieldErrors = {};
  if (request.body.competitors.length === 0 && draft.competitors.length > 0) errors['competitors[0]'] = 'is required';
  const parsed = QuickEvalCreateSchema.safeParse(request.body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = request.toDraftField(pathToField(issue.path));
      errors[field] ??= issue.message;
    }
  }
  if (draft.samples.trim() !== '' && !/^\d+$/.test(draft.samples.trim())) errors.samples = 'must be an integer from 1 to 10';
  return errors;
}

/** The server's 422 issues, each moved to the row it belongs to. */
export function serverErrors(issues: FieldIssue[], request: PreparedRequest): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = request.toDraftField(issue.field.replace(/^body\./, ''));
    errors[field] = errors[field] ? `${errors[field]}; ${issue.message}` : issue.message;
  }
  return errors;
}

/** Errors on fields the wizard has no input for (shown above the form instead). */
export function unplacedErrors(errors: FieldErrors): string[] {
  const known = WIZARD_STEPS.flatMap((step) => step.fields);
  return Object.entries(errors)
    .filter(([field]) => !known.includes(rootField(field)))
    .map(([field, message]) => (field === 'body' ? message : `${field}: ${message}`));
}
