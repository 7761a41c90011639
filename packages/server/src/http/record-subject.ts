import type { FastifyRequest } from 'fastify';

/** Whom an audit record of a call names: the organization and the user's name ('' when none). */
export interface RecordSubject {
  organization: string;
  user: string;
}

const subjects = new WeakMap<FastifyRequest, RecordSubject>();

/**
 * Names whom the call's audit record is about when the caller was nobody yet: the user a sign-in
 * or sign-up signed in, the application a token endpoint served (plugins/recording.ts reads it).
 */
export function noteRecordSubject(request: FastifyRequest, subject: RecordSubject): void {
  subjects.set(request, subject);
}

export function recordSubjectOf(request: FastifyRequest): RecordSubject | undefined {
  return subjects.get(request);
}

const newUsers = new WeakMap<FastifyRequest, string>();

/** The call created a user (a sign-up): its JSON, secrets masked, for the `new-user` record that follows the call's own. */
export function noteNewUserObject(request: FastifyRequest, userJson: string): void {
  newUsers.set(request, userJson);
}

export function newUserObjectOf(request: FastifyRequest): string | undefined {
  return newUsers.get(request);
}
