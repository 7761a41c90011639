import { localSetting } from '../../shared/components/local-setting';

/**
 * The organization a global admin works in, chosen in the header. Saved locally so it survives
 * reloads; lists read it through useSelectedOrganization and refetch when it changes.
 */
export const ALL_ORGANIZATIONS = 'All';

const setting = localSetting('organization', (text) => text || ALL_ORGANIZATIONS);

export function selectOrganization(organization: string): void {
  setting.write(organization);
}

/** The organization chosen now, outside a component (the boot's prefetch). */
export function readSelectedOrganization(): string {
  return setting.read();
}

export function useSelectedOrganization(): string {
  return setting.use();
}
