import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { Customer, Scenario, Vendor, VendorWithProfile } from '../../../server/contracts';
import { api, describeError } from '../api/client';

/** Customers, vendors and scenarios: the names behind the ids an evaluation holds. */
export const useCatalogStore = defineStore('catalog', () => {
  const customers = ref<Record<string, Customer>>({});
  const vendors = ref<Record<string, Vendor>>({});
  const vendorOrder = ref<string[]>([]);
  const scenarios = ref<Record<string, Scenario>>({});
  const profiles = ref<Record<string, VendorWithProfile>>({});
  const loaded = ref(false);
  const loading = ref(false);
  const error = ref<string | null>(null);

  async function loadAll(): Promise<void> {
    loading.value = true;
    try {
      const [customerList, vendorList, scenarioList] = await Promise.all([api.listCustomers(), api.listVendors(), api.listScenarios()]);
      customers.value = Object.fromEntries(customerList.map((customer) => [customer.id, customer]));
      vendors.value = Object.fromEntries(vendorList.map((vendor) => [vendor.id, vendor]));
      vendorOrder.value = vendorList.map((vendor) => vendor.id);
      scenarios.value = Object.fromEntries(scenarioList.map((scenario) => [scenario.id, scenario]));
      error.value = null;
      loaded.value = true;
    } catch (failure) {
      error.value = describeError(failure);
    } finally {
      loading.value = false;
    }
  }

  async function loadVendor(id: string): Promise<VendorWithProfile> {
    const vendor = await api.getVendor(id);
    profiles.value[id] = vendor;
    const { profile: _profile, ...summary } = vendor;
    vendors.value[id] = summary;
    return vendor;
  }

  function vendorName(id: string): string {
    return vendors.value[id]?.name ?? profiles.value[id]?.name ?? 'Unknown vendor';
  }

  return { customers, vendors, vendorOrder, scenarios, profiles, loaded, loading, error, loadAll, loadVendor, vendorName };
});
