import type { EntityDefinition, Envelope, Viewer } from '@gatehouse/entities';
import type { ComponentType } from 'react';
import type { Rec } from '../../shared/data/client';
import type { Account } from '../auth/account';

/**
 * What an entity's `<name>.ui.tsx` may add to the generic list and edit pages (which read the
 * definition), and its `<name>.edit.tsx` to the edit page alone: only what differs. Types only, so
 * that the UI modules and the registry that loads them do not import each other.
 */

/**
 * An extra row action of a list, shown before Edit and Delete: a console page (`to`), a file to
 * download (`download`, an API address) or a control of the entity's own (`render`).
 */
export type ListAction = {
  key: string;
  /** i18n key of the button text. */
  label: string;
  /** Whether the viewer may use it on this row (default: always). */
  enabled?: (record: Rec, viewer: Viewer | null) => boolean;
} & (
  | { to: (record: Rec) => string }
  | { download: (record: Rec) => string }
  /** A control of the entity's own (a button that opens a drawer with the record's details). */
  | { render: ComponentType<{ record: Rec }> }
);

/** What a list's extra toolbar control gets (shown beside Add). */
export interface ListToolbarProps {
  /** The organization the list shows ('' for all, global administrators only). */
  organization: string;
  /** Whether the viewer may add records to that organization. */
  canCreate: boolean;
}

/** What a form control gets; `id`, `value` and `onChange` come from the form item. */
export interface FieldControlProps {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled: boolean;
  /** The record as stored on the server (before the unsaved edits of the form). */
  stored: Rec;
  viewer: Viewer | null;
  /** The field's translated label. */
  label: string;
}

/** What a section's extra content gets; it reads the form's live values with Form.useWatch. */
export interface SectionExtraProps {
  /** The record as stored on the server. */
  stored: Rec;
  viewer: Viewer | null;
  /** Whether the viewer may change the record. */
  disabled: boolean;
}

/** What a list cell override gets. */
export interface ListCellProps {
  record: Rec;
  /** The field's translated label. */
  label: string;
}

/** A list column that is not a field (a preview), placed after the column of field `after`. */
export interface ListExtraColumn {
  key: string;
  /** i18n key of the column title. */
  label: string;
  after: string;
  render: ComponentType<{ record: Rec }>;
}

/**
 * What an edit form shows for one record and viewer when the entity decides it at run time (the
 * user form follows its organization's account items): the keys in order — fields of the form, or
 * blocks of `blocks` — and which of the fields the viewer may change (beyond the fields' own rules).
 */
export interface FormLayout {
  order: string[];
  editable: (key: string) => boolean;
  /** The i18n key of what is wrong with a field's value (an account item's regex), or null. */
  problem?: (key: string, value: unknown) => string | null;
}

export interface EntityOverrides {
  listActions?: ListAction[];
  /** List cells that replace a field's generic cell (links to other records, copy buttons ...). */
  listCells?: Record<string, ComponentType<ListCellProps>>;
  /** List columns that are not fields. */
  listExtraColumns?: ListExtraColumn[];
  /** Columns of def.list.columns this viewer does not get (the records list hides the name from organization administrators). */
  listHiddenColumns?: (viewer: Viewer | null) => string[];
  /** The list has no Add button (its records come another way: resources from uploads). */
  noAdd?: boolean;
  /** A row's key when owner and name do not identify it (sessions: owner, name and application). */
  rowKey?: (record: Rec) => string;
  /**
   * Completes a new record before the list's Add stores it, from what the server knows (a new
   * application offers codes only where its organization has a provider to send them).
   */
  prepareNew?: (record: Rec) => Promise<Rec>;
  /** Deletes a row, when the generic delete call is not enough (resources name their provider). */
  deleteRecord?: (record: Rec) => Promise<Envelope<unknown>>;
  /** A control beside the list's Add button (e.g. an upload that creates records). */
  listToolbar?: ComponentType<ListToolbarProps>;
  /** Controls that replace the input a field's kind would get. */
  fieldControls?: Record<string, ComponentType<FieldControlProps>>;
  /**
   * Cross-field rules of the edit form (spec "states and transitions"): given the changed values
   * and all values (form shape), the fields to set as a consequence, or nothing. `context` is who
   * edits (some defaults come from the signed-in account).
   */
  onValuesChange?: (changed: Rec, all: Rec, context: FormContext) => Rec | undefined;
  /**
   * Whether the edit form shows a field, given the values being edited (form shape): forms whose
   * fields depend on a kind (a provider's category and type) show only that kind's. Hidden fields
   * keep their values. Default: every field of the form.
   */
  fieldVisible?: (field: string, values: Rec, viewer: Viewer | null) => boolean;
  /** The i18n key of a field's label when it depends on the values (default `<entity>.<field>`). */
  fieldLabel?: (field: string, values: Rec) => string | undefined;
  /** The i18n key of a field's explanation (a tooltip beside its label), given the values; none by default. */
  fieldTooltip?: (field: string, values: Rec) => string | undefined;
  /**
   * Form rules of single fields beyond their kind's: given the input's value, all values (form
   * shape) and who edits, the i18n key of the problem, or null. The form refuses to save while one
   * applies.
   */
  fieldRules?: Record<string, (value: unknown, values: Rec, viewer: Viewer | null) => string | null>;
  /** The values the edit form starts from, given the stored record (spec "on load" rules). */
  onLoad?: (stored: Rec) => Rec;
  /**
   * Content shown at the end of a form section (see the definition's `formSections`), by section
   * key: previews, copyable addresses and the like, which are not fields.
   */
  sectionExtras?: Record<string, ComponentType<SectionExtraProps>>;
  /**
   * Content shown right after a field's row while the field is shown, by field name: read-only
   * values that belong beside it (a provider's SP addresses after its IdP settings).
   */
  fieldExtras?: Record<string, ComponentType<SectionExtraProps>>;
  /**
   * Blocks after the fields of a form without sections that are not fields either (the user's
   * linked accounts); not shown in add mode.
   */
  formExtras?: ComponentType<SectionExtraProps>[];
  /**
   * The form's layout for this record and viewer, a React hook (it may load what decides it):
   * null while it loads, undefined for the definition's own form.
   */
  useFormLayout?: (stored: Rec, viewer: Viewer | null) => FormLayout | null | undefined;
  /** Blocks that are not fields, placed by `useFormLayout` under their keys; not shown in add mode. */
  blocks?: Record<string, ComponentType<SectionExtraProps>>;
  /** Where Save & Exit and Cancel go (default: the list route), given who edits and the record (as saved, or as stored). */
  exitPath?: (viewer: Viewer | null, record: Rec) => string;
  /** The i18n keys of the save's outcome when the page words them (default: Successfully saved, Failed to save: {msg}). */
  saveMessages?: { saved: string; failed: string };
  /** Buttons of the edit page's title bar beside Save and Save & Exit (an LDAP server's Sync LDAP); not in add mode. */
  editActions?: ComponentType<SectionExtraProps>;
  /**
   * Where Save & Exit goes for a page opened from outside with ?return-url= (no history in the
   * console): the checked address, or null to ignore the parameter.
   */
  resolveReturnUrl?: (raw: string, viewer: Viewer | null) => Promise<string | null>;
  /** sessionStorage key under which the list page records its URL (for exitPath). */
  listUrlKey?: string;
  /**
   * A record the server refuses to show is treated like a missing one: /404 with this i18n key as
   * the explanation (the user page says "does not exist or you are not authorized").
   */
  refusedAsNotFound?: string;
}

/** Who edits a form: the cross-field rules may take defaults from the signed-in account. */
export interface FormContext {
  viewer: Viewer | null;
  account: Account | null;
}

/** The definition plus its overrides: what the generic pages render. */
export interface EntityUi extends EntityOverrides {
  definition: EntityDefinition<any>;
}
