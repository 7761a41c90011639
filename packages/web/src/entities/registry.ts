import type { EntityDefinition } from '@gatehouse/entities';
import { MANIFEST, type ManifestEntry } from '@gatehouse/entities/plain';
import type { EntityOverrides, EntityUi } from './ui-types';

/**
 * The console's entities, from the manifest (packages/entities/src/manifest.ts): each with its
 * routes, whether this release implements it, its definition (loaded with its pages, so the
 * validation library stays out of the sign-in pages) and the optional `<name>.ui.tsx` that adds
 * what differs. A new entity needs no line here.
 */

export interface EntityRegistration {
  name: string;
  /** The list's i18n name (nav.<plural>). */
  plural: string;
  /** Its list route (none for screens reached from another page) and edit route. */
  routes: { list?: string; edit?: string };
  /** Whether this release implements the entity's screens; otherwise they say "not available yet". */
  enabled: boolean;
  /** The definition, loaded with the entity's pages. */
  definition: () => Promise<EntityDefinition<any>>;
  overrides?: () => Promise<{ default: EntityOverrides }>;
}

/** The entities' UI modules, by file; each is its own chunk, loaded with the entity's pages. */
const UI_MODULES = import.meta.glob<{ default: EntityOverrides }>('./*.ui.tsx');

function registrationOf(entry: ManifestEntry): EntityRegistration {
  const overrides = UI_MODULES[`./${entry.name}.ui.tsx`];
  return {
    name: entry.name,
    plural: entry.plural,
    routes: entry.routes,
    enabled: entry.implemented,
    definition: async () => {
      const definition = (await import('./definitions')).definitionOf(entry.name);
      if (!definition) throw new Error(`No definition of ${entry.name}`);
      return definition;
    },
    overrides,
  };
}

/** Every entity of the manifest (pages excluded), by name. */
export const REGISTRY: Record<string, EntityRegistration> = Object.fromEntries(
  MANIFEST.filter((entry: ManifestEntry) => !entry.page).map((entry) => [entry.name, registrationOf(entry)]),
);

export async function loadEntityUi(registration: EntityRegistration): Promise<EntityUi> {
  const [definition, overrides] = await Promise.all([
    registration.definition(),
    registration.overrides ? registration.overrides().then((m) => m.default) : {},
  ]);
  return { definition, ...overrides };
}
