import { type Rec, request } from '../../shared/data/client';

/** Deletes a Session: every session of its user in its application (Casdoor's body, owner/name/application). */
export function deleteSession(record: Rec) {
  return request<string>('POST', '/api/delete-session', {
    body: { owner: record.owner, name: record.name, application: record.application },
  });
}
