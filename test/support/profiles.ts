import {
  emptyProfile,
  type Evidence,
  type IngestionProblem,
  type PageKind,
  type Plan,
  type VendorProfile,
} from '../../server/contracts';
import type { ScenarioRecord } from '../../server/core/domain';
import type { AgentVendor } from '../../server/core/ports';
import { parseBudget } from '../../server/core/scenario';

/**
 * Realistic vendor profiles for tests, built the way ingestion builds them:
 * every feature, plan and docs fact is a sentence of a stored page, so its
 * evidence quote can be found in that page's text.
 */

interface PageDraft {
  kind: PageKind;
  title: string;
  sentences: string[];
}

export interface PlanSpec {
  name: string;
  /** null: "contact us". */
  price: number | null;
  currency?: string;
  period?: Plan['period'];
  free?: boolean;
}

export class ProfileBuilder {
  private readonly profile: VendorProfile;
  private readonly pages = new Map<string, PageDraft>();

  constructor(vendorId: string, websiteUrl: string) {
    this.profile = emptyProfile(vendorId, websiteUrl);
    this.profile.status = 'ok';
    this.profile.ingested_at = '2026-01-01T00:00:00.000Z';
  }

  url(path: string): string {
    return new URL(path, this.profile.website_url).toString();
  }

  /** Adds a sentence to a page (created on first use) and returns it as evidence. */
  say(path: string, sentence: string, kind: PageKind = 'other'): Evidence {
    const url = this.url(path);
    const page = this.pages.get(url) ?? { kind, title: '', sentences: [] };
    page.sentences.push(sentence);
    this.pages.set(url, page);
    return { source_url: url, quote: sentence };
  }

  home(title: string, description: string, ...sentences: string[]): this {
    this.profile.site.title = title;
    this.profile.site.description = description;
    this.say('/', description, 'home');
    this.pages.get(this.url('/'))!.title = title;
    for (const sentence of sentences) this.say('/', sentence, 'home');
    return this;
  }

  features(...texts: string[]): this {
    for (const text of texts) {
      const evidence = this.say('/features', `${text}.`, 'features');
      this.profile.features.push({ text, evidence: { ...evidence, quote: text } });
    }
    return this;
  }

  plan(spec: PlanSpec): this {
    const currency = spec.currency ?? 'USD';
    const period = spec.period ?? 'month';
    const free = spec.free ?? spec.price === 0;
    const shown = free ? `${spec.name}: Free forever.` : spec.price === null ? `${spec.name}: Contact us for a quote.` : `${spec.name}: ${currency === 'USD' ? '$' : `${currency} `}${spec.price} per ${period}.`;
    const evidence = this.say('/pricing', shown, 'pricing');
    const pricing = this.profile.pricing;
    pricing.plans.push({ name: spec.name, price: free ? 0 : spec.price, currency, period, is_free: free, contact_sales: spec.price === null, evidence });
    pricing.pricing_url = this.url('/pricing');
    pricing.currency = pricing.currency ?? currency;
    pricing.published = pricing.plans.some((plan) => plan.is_free || plan.price !== null);
    pricing.free_tier = pricing.free_tier || free;
    pricing.contact_sales = pricing.contact_sales || spec.price === null;
    pricing.evidence.push(evidence);
    return this;
  }

  pricingPageWithoutPrices(sentence = 'Talk to our sales team for pricing tailored to your volume.'): this {
    const evidence = this.say('/pricing', sentence, 'pricing');
    this.profile.pricing.pricing_url = this.url('/pricing');
    this.profile.pricing.contact_sales = true;
    this.profile.pricing.evidence.push(evidence);
    return this;
  }

  freeTrial(days = 14): this {
    this.profile.pricing.free_trial = true;
    this.profile.pricing.evidence.push(this.say('/pricing', `Start with a ${days}-day free trial, no card needed.`, 'pricing'));
    return this;
  }

  docs(spec: { quickstart?: boolean; samples?: string[]; apiReference?: boolean; pages?: number } = {}): this {
    const docs = this.profile.documentation;
    docs.found = true;
    docs.docs_url = this.url('/docs');
    docs.pages = spec.pages ?? 1;
    docs.evidence.push(this.say('/docs', 'Documentation for developers.', 'docs'));
    if (spec.quickstart) {
      docs.has_quickstart = true;
      docs.evidence.push(this.say('/docs', 'Quickstart: send your first email in five minutes.', 'docs'));
    }
    if (spec.samples && spec.samples.length > 0) {
      docs.has_code_samples = true;
      docs.code_languages = [...spec.samples];
      docs.evidence.push(this.say('/docs', `Code examples: curl -X POST https://api.example/send (also ${spec.samples.join(', ')}).`, 'docs'));
    }
    if (spec.apiReference) {
      docs.has_api_reference = true;
      docs.evidence.push(this.say('/docs/api', 'API reference: every endpoint, parameter and response.', 'api'));
    }
    docs.quality_score = 25 + (docs.has_quickstart ? 20 : 0) + (docs.has_code_samples ? 20 : 0) + (docs.has_api_reference ? 20 : 0) + Math.min(docs.pages, 3) * 5;
    return this;
  }

  api(spec: { openapi?: boolean; auth?: string[]; sdks?: string[]; sandbox?: boolean } = {}): this {
    const api = this.profile.api;
    api.has_api = true;
    api.reference_url = this.profile.documentation.has_api_reference ? this.url('/docs/api') : null;
    api.openapi_url = spec.openapi ? this.url('/openapi.json') : null;
    api.auth_methods = spec.auth ?? [];
    api.sdks = spec.sdks ?? [];
    api.sandbox = spec.sandbox ?? false;
    if (api.auth_methods.length > 0) api.evidence.push(this.say('/docs/api', 'Authenticate with an API key in the Authorization header.', 'api'));
    if (api.sdks.length > 0) api.evidence.push(this.say('/docs', `Official SDK libraries: ${api.sdks.join(', ')}.`, 'docs'));
    if (api.sandbox) api.evidence.push(this.say('/docs', 'Use the sandbox with test mode keys.', 'docs'));
    return this;
  }

  signup(spec: { selfServe?: boolean; checkout?: boolean; salesGate?: boolean }): this {
    const signup = this.profile.signup;
    signup.self_serve = spec.selfServe ?? false;
    signup.checkout = spec.checkout ?? false;
    signup.sales_gate = spec.salesGate ?? false;
    if (signup.self_serve) {
      signup.signup_url = this.url('/signup');
      signup.evidence.push(this.say('/signup', 'Create your account in seconds.', 'signup'));
    }
    if (signup.checkout) signup.evidence.push(this.say('/pricing', 'Upgrade any time and pay by card.', 'pricing'));
    if (signup.sales_gate) signup.evidence.push(this.say('/', 'Book a demo with our sales team to get started.', 'home'));
    return this;
  }

  site(spec: Partial<VendorProfile['site']>): this {
    Object.assign(this.profile.site, spec);
    return this;
  }

  problem(problem: IngestionProblem): this {
    this.profile.problems.push(problem);
    this.profile.status = 'partial';
    return this;
  }

  unreachable(summary = 'The home page could not be reached: connection refused.'): this {
    this.profile.status = 'unreachable';
    this.profile.summary = summary;
    this.profile.problems.push({ url: this.profile.website_url, kind: 'unreachable', detail: 'connection refused' });
    return this;
  }

  build(): VendorProfile {
    const profile = structuredClone(this.profile);
    profile.pages = [...this.pages].map(([url, page]) => {
      const text = page.sentences.join(' ');
      return {
        url,
        final_url: url,
        kind: page.kind,
        http_status: 200,
        content_type: 'text/html',
        title: page.title,
        bytes: text.length,
        duration_ms: 5,
        redirects: [],
        truncated: false,
        text,
      };
    });
    if (profile.status !== 'unreachable') profile.summary = `Read ${profile.pages.length} pages.`;
    else profile.pages = [];
    return profile;
  }
}

export function profileOf(vendorId: string, websiteUrl = `https://${vendorId}.example/`): ProfileBuilder {
  return new ProfileBuilder(vendorId, websiteUrl);
}

export function agentVendor(name: string, profile: VendorProfile, isCustomer = false): AgentVendor {
  return { id: profile.vendor_id, name, website_url: profile.website_url, description: '', is_customer: isCustomer, profile };
}

export function scenarioOf(task: string, category: string, requirements: string[] = []): ScenarioRecord {
  return { id: 'scenario-1', task, category, requirements, budget: parseBudget(task), created_at: '2026-01-01T00:00:00.000Z' };
}

export const EMAIL_TASK = 'Find a transactional email API for our SaaS app, under $50 a month';
export const EMAIL_REQUIREMENTS = ['Email templates', 'Webhooks for delivery events', 'Open and click tracking', 'Dedicated IP'];

/** A vendor an agent can find, understand, choose, set up and buy: all in the open. */
export function mailCraneProfile(): VendorProfile {
  return profileOf('mailcrane', 'https://mailcrane.example/')
    .home('MailCrane: transactional email API', 'MailCrane is a transactional email API for developers: send, track and template email.', 'Trusted by 4,000 SaaS teams.')
    .features('Email templates with variables', 'Webhooks for delivery events: delivered, bounced, opened', 'Open and click tracking', 'Dedicated IP on the Pro plan', 'Inbound email parsing', 'SMTP relay')
    .plan({ name: 'Free', price: 0 })
    .plan({ name: 'Starter', price: 20 })
    .plan({ name: 'Pro', price: 80 })
    .freeTrial()
    .docs({ quickstart: true, samples: ['javascript', 'python', 'curl'], apiReference: true, pages: 6 })
    .api({ openapi: true, auth: ['api_key'], sdks: ['javascript', 'python', 'go'], sandbox: true })
    .signup({ selfServe: true, checkout: true })
    .site({ robots_txt: true, llms_txt: true, structured_data: true, sitemap: true })
    .build();
}

/** An ordinary vendor: priced above the budget, thin docs, no sandbox. */
export function postBirdProfile(): VendorProfile {
  return profileOf('postbird', 'https://postbird.example/')
    .home('PostBird', 'Email delivery for apps.', 'Send email from your application.')
    .features('Email templates', 'Delivery webhooks')
    .plan({ name: 'Basic', price: 65 })
    .docs({ quickstart: true, pages: 2 })
    .api({ auth: ['api_key'], sdks: ['javascript'] })
    .signup({ selfServe: true, checkout: true })
    .site({ robots_txt: true, sitemap: true })
    .build();
}

/** An enterprise vendor behind a sales gate: no prices, no signup, docs only on request. */
export function sendGiantProfile(): VendorProfile {
  return profileOf('sendgiant', 'https://sendgiant.example/')
    .home('SendGiant | Enterprise messaging', 'Enterprise messaging at scale.', 'The messaging platform for the Fortune 500.')
    .features('Email and SMS campaigns', 'Dedicated account manager')
    .pricingPageWithoutPrices()
    .signup({ salesGate: true })
    .site({ robots_txt: true, ai_agents_blocked: ['GPTBot'] })
    .build();
}
