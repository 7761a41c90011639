import type { EntityDefinition } from '@gatehouse/entities';
import { MANIFEST, type ManifestEntry } from '@gatehouse/entities/plain';
import type { EntityOverrides, EntityUi } from './ui-types';

/**
 * The console's entities, from the manifest (packages/entities/src/manifest.ts): each with its
 * routes, whether this release implements it, its definition (loaded with its pages, so the
 * validation library stays out of the sign-in pages), the optional `<name>.ui.tsx` that adds what
 * differs and the optional `<name>.edit.tsx` with what only its edit page uses (form controls,
 * sections, blocks: loaded with the edit page, so that the list's first load leaves them out). A
 * new entity needs no line here.
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
  /** The edit page's own overrides, added to (and replacing) those of `overrides` there. */
  editOverrides?: () => Promise<{ default: EntityOverrides }>;
}

/** The entities' UI modules, by file; each is its own chunk, loaded with the entity's pages. */
const UI_MODULES = import.meta.glob<{ default: EntityOverrides }>('./*.ui.tsx');
/** The edit pages' own parts, by file; each is its own chunk, loaded with the entity's edit page. */
const EDIT_MODULES = import.meta.glob<{ default: EntityOverrides }>('./*.edit.tsx');

function registrationOf(entry: ManifestEntry): EntityRegistration {
  const overrides = UI_MODULES[`./${entry.name}.ui.tsx`];
  const editOverrides = EDIT_MODULES[`./${entry.name}.edit.tsx`];
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
    editOverrides,
  };
}

/** Every entity of the manifest (pages excluded), by name. */
export const REGISTRY: Record<string, EntityRegistration> = Object.fromEntries(
  MANIFEST.filter((entry: ManifestEntry) => !entry.page).map((entry) => [entry.name, registrationOf(entry)]),
);

/** Which page of an entity renders: the edit page also loads the entity's `<name>.edit.tsx`. */
export type EntityPageKind = 'list' | 'edit';

const overridesOf = async (load: (() => Promise<{ default: EntityOverrides }>) | undefined): Promise<EntityOverrides> =>
  load ? (await load()).default : {};

/** What an entity's page renders: the definition with the overrides (and the edit page's own). */
export async function loadEntityUi(registration: EntityRegistration, page: EntityPageKind): Promise<EntityUi> {
  const [definition, overrides, editOverrides] = await Promise.all([
    registration.definition(),
    overridesOf(registration.overrides),
    page === 'edit' ? overridesOf(registration.editOverrides) : {},
  ]);
  return { definition, ...overrides, ...editOverrides };
}
