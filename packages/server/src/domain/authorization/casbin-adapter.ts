import type { BatchAdapter, FilteredAdapter, Model, UpdatableAdapter } from 'casbin';
import { loadRowsInto, rowsOf } from './casbin-model.js';
import type { RuleFilter, RuleStore } from './policy-rows.js';

/**
 * A node-casbin adapter over a RuleStore (the server's own `casbinRule` table or an external
 * table): full and filtered loads, save, and the incremental writes casbin makes when a policy
 * is added, removed or updated through an enforcer.
 */
export class StoreAdapter implements FilteredAdapter, BatchAdapter, UpdatableAdapter {
  #filtered = false;

  constructor(private readonly store: RuleStore) {}

  async loadPolicy(model: Model): Promise<void> {
    this.#filtered = false;
    loadRowsInto(model, await this.store.load());
  }

  /** Loads only the rows the filter accepts (a RuleFilter); the enforcer then refuses savePolicy. */
  async loadFilteredPolicy(model: Model, filter: RuleFilter): Promise<void> {
    this.#filtered = true;
    loadRowsInto(model, await this.store.load(filter));
  }

  isFiltered(): boolean {
    return this.#filtered;
  }

  async savePolicy(model: Model): Promise<boolean> {
    await this.store.replaceAll(rowsOf(model));
    return true;
  }

  async addPolicy(_sec: string, ptype: string, rule: string[]): Promise<void> {
    await this.store.add([{ ptype, values: rule }]);
  }

  async addPolicies(_sec: string, ptype: string, rules: string[][]): Promise<void> {
    await this.store.add(rules.map((values) => ({ ptype, values })));
  }

  async removePolicy(_sec: string, ptype: string, rule: string[]): Promise<void> {
    await this.store.remove([{ ptype, values: rule }]);
  }

  async removePolicies(_sec: string, ptype: string, rules: string[][]): Promise<void> {
    await this.store.remove(rules.map((values) => ({ ptype, values })));
  }

  async removeFilteredPolicy(_sec: string, ptype: string, fieldIndex: number, ...fieldValues: string[]): Promise<void> {
    await this.store.removeFiltered(ptype, fieldIndex, fieldValues);
  }

  async updatePolicy(_sec: string, ptype: string, oldRule: string[], newRule: string[]): Promise<void> {
    await this.store.update(ptype, oldRule, newRule);
  }
}
