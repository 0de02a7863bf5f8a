import {
  emptyProfile,
  type CustomerCreate,
  type ScenarioCreate,
  type VendorCreate,
  type VendorProfile,
  type VendorWithProfile,
} from '../../contracts';
import { NotFoundError } from '../errors';
import type { CustomerRecord, ScenarioRecord, VendorRecord } from '../domain';
import type { IdSource, Store } from '../ports';
import { parseBudget } from '../scenario';
import type { VendorIngestion } from './vendor-ingestion';

export interface CatalogDeps {
  store: Store;
  ids: IdSource;
  now: () => Date;
  ingestion: VendorIngestion;
}

/** Customers, vendors and scenarios: the inputs an evaluation is made of. */
export class Catalog {
  constructor(private readonly deps: CatalogDeps) {}

  // ---- records built without storing, so quick eval can store them in one transaction

  newCustomer(input: CustomerCreate): CustomerRecord {
    return { id: this.deps.ids.newId(), name: input.name, website_url: input.website_url, created_at: this.timestamp() };
  }

  newVendor(input: VendorCreate): VendorRecord {
    return {
      id: this.deps.ids.newId(),
      name: input.name,
      website_url: input.website_url,
      description: input.description,
      created_at: this.timestamp(),
      profile_status: 'pending',
      profile_updated_at: null,
    };
  }

  newScenario(input: ScenarioCreate): ScenarioRecord {
    return {
      id: this.deps.ids.newId(),
      task: input.task,
      category: input.category,
      requirements: input.requirements,
      budget: parseBudget(input.task),
      created_at: this.timestamp(),
    };
  }

  // ---- customers

  createCustomer(input: CustomerCreate): CustomerRecord {
    const customer = this.newCustomer(input);
    this.deps.store.customers.insert(customer);
    return customer;
  }

  listCustomers(): CustomerRecord[] {
    return this.deps.store.customers.list();
  }

  getCustomer(id: string): CustomerRecord {
    const customer = this.deps.store.customers.get(id);
    if (!customer) throw new NotFoundError('customer', id);
    return customer;
  }

  // ---- vendors

  /** Stores the vendor, then ingests its website in the background. */
  createVendor(input: VendorCreate): VendorRecord {
    const vendor = this.newVendor(input);
    this.deps.store.vendors.insert(vendor);
    this.deps.ingestion.startInBackground(vendor);
    return vendor;
  }

  listVendors(): VendorRecord[] {
    return this.deps.store.vendors.list();
  }

  getVendor(id: string): VendorRecord {
    const vendor = this.deps.store.vendors.get(id);
    if (!vendor) throw new NotFoundError('vendor', id);
    return vendor;
  }

  getVendorWithProfile(id: string): VendorWithProfile {
    const vendor = this.getVendor(id);
    return { ...vendor, profile: this.profileOf(vendor) };
  }

  getVendorProfile(id: string): VendorProfile {
    return this.profileOf(this.getVendor(id));
  }

  // ---- scenarios

  createScenario(input: ScenarioCreate): ScenarioRecord {
    const scenario = this.newScenario(input);
    this.deps.store.scenarios.insert(scenario);
    return scenario;
  }

  listScenarios(): ScenarioRecord[] {
    return this.deps.store.scenarios.list();
  }

  getScenario(id: string): ScenarioRecord {
    const scenario = this.deps.store.scenarios.get(id);
    if (!scenario) throw new NotFoundError('scenario', id);
    return scenario;
  }

  private profileOf(vendor: VendorRecord): VendorProfile {
    return this.deps.store.vendors.getProfile(vendor.id) ?? emptyProfile(vendor.id, vendor.website_url);
  }

  private timestamp(): string {
    return this.deps.now().toISOString();
  }
}
