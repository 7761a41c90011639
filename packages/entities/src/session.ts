import { defineEntity, type RecordOf, stringList, text, timestamp } from './define.js';

/**
 * Sessions (Casdoor's Session, id owner/name/application): the console
 * sign-ins of one user in one application, each session an id in `sessionId`. A view of the
 * server's session rows (`authSession`, one per signed-in browser), grouped by user and
 * application; it has no table of its own (`view`). Nobody adds or edits one; deleting it signs
 * those browsers out at their next request.
 */
export const session = defineEntity({
  name: 'session',
  table: 'authSession',
  view: true,
  orgField: 'owner',
  orgParam: 'owner',
  access: { read: 'orgAdmin', create: 'nobody', update: 'nobody', delete: 'orgAdmin' },
  defaultSort: { field: 'createdTime', order: 'descend' },
  fields: {
    owner: text({ max: 100, ref: 'organization', sortable: true }),
    /** The user's name. */
    name: text({ max: 100, sortable: true, searchable: true }),
    application: text({ max: 100, sortable: true }),
    /** When the oldest of these sessions began. */
    createdTime: timestamp({ sortable: true }),
    /** The ids of the sessions (SHA-256 of each browser's cookie token; the token is never shown). */
    sessionId: stringList(),
  },
  newRecord: ({ organization, now }) => ({ owner: organization, name: 'admin', application: 'app-built-in', createdTime: now() }),
  list: {
    columns: [{ field: 'name' }, { field: 'owner' }, { field: 'application' }, { field: 'createdTime' }, { field: 'sessionId' }],
  },
  form: ['owner', 'name', 'application', 'createdTime', 'sessionId'],
});

export type Session = RecordOf<typeof session.fields>;
