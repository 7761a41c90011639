import {
  defineEntity,
  enumOf,
  type FieldRuleContext,
  int,
  organizationOwner,
  organizationRecords,
  type RecordOf,
  recordName,
  text,
  timestamp,
} from './define.js';

export const INVITATION_STATES = ['Active', 'Suspended'] as const;
/** Invitations made for a plan's subscribers keep their owner and name. */
export const PLAN_INVITATION_TAG = 'auto_created_invitation_for_plan';
/** The application value of an invitation valid for every application of its organization. */
export const ALL_APPLICATIONS = 'All';

const notForPlan = ({ record }: FieldRuleContext) => record.tag !== PLAN_INVITATION_TAG;

/** Whether a code holds letters and digits only: the default code then follows it. */
export function isPlainCode(code: string): boolean {
  return /^[A-Za-z0-9]+$/.test(code);
}

/**
 * Invitations to sign up: a code, used at most `quota` times, for one
 * application of the organization or all of them; a user who signs up with it joins the sign-up
 * group. The default code is the one signup links carry; it follows the code while the code is
 * letters and digits only. The code may be any text, and is matched as text.
 */
export const invitation = defineEntity({
  name: 'invitation',
  table: 'invitation',
  ...organizationRecords,
  fields: {
    owner: organizationOwner(notForPlan),
    name: { ...recordName(), editable: notForPlan },
    createdTime: timestamp({ sortable: true }),
    updatedTime: timestamp({ sortable: true }),
    displayName: text({ max: 255, sortable: true, searchable: true }),
    code: text({ max: 100, sortable: true, searchable: true }),
    defaultCode: text({ max: 100, searchable: true }),
    quota: { ...int({ min: 0 }), sortable: true },
    usedCount: { ...int({ min: 0 }), sortable: true },
    application: text({ max: 100, sortable: true, searchable: true }),
    username: text({ max: 100, searchable: true }),
    email: text({ max: 255, format: 'email', searchable: true }),
    phone: text({ max: 100, searchable: true }),
    signupGroup: text({ max: 100, ref: 'group' }),
    state: { ...enumOf(INVITATION_STATES), sortable: true, filters: INVITATION_STATES },
    tag: text({ max: 100, searchable: true }),
  },
  newRecord: ({ organization, random, now }) => {
    const id = random(6);
    const code = random(10);
    return {
      owner: organization,
      name: `invitation_${id}`,
      createdTime: now(),
      displayName: `New Invitation - ${id}`,
      code,
      defaultCode: code,
      quota: 1,
      usedCount: 0,
      application: ALL_APPLICATIONS,
      state: 'Active',
    };
  },
  list: {
    columns: [
      { field: 'name' },
      { field: 'owner' },
      { field: 'createdTime' },
      { field: 'updatedTime' },
      { field: 'displayName' },
      { field: 'code' },
      { field: 'quota', width: 90 },
      { field: 'usedCount', width: 110 },
      { field: 'application' },
      { field: 'state', width: 110 },
    ],
  },
  form: [
    'owner',
    'name',
    'displayName',
    'code',
    'defaultCode',
    'quota',
    'usedCount',
    'application',
    'username',
    'email',
    'phone',
    'signupGroup',
    'state',
  ],
});

export type Invitation = RecordOf<typeof invitation.fields>;
