import type { FastifyRequest } from 'fastify';

/** Whom an audit record of a call names: the organization and the user's name ('' when none). */
export interface RecordSubject {
  organization: string;
  user: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Whom the call's audit record is about, when the caller was nobody yet (noteRecordSubject). */
    recordSubject?: RecordSubject;
    /** The user a sign-up created, as JSON with secrets masked (noteNewUserObject). */
    newUserObject?: string;
  }
}

/**
 * Names whom the call's audit record is about when the caller was nobody yet: the user a sign-in
 * or sign-up signed in, the application a token endpoint served (plugins/recording.ts reads it).
 */
export function noteRecordSubject(request: FastifyRequest, subject: RecordSubject): void {
  request.recordSubject = subject;
}

export function recordSubjectOf(request: FastifyRequest): RecordSubject | undefined {
  return request.recordSubject;
}

/** The call created a user (a sign-up): its JSON, secrets masked, for the `new-user` record that follows the call's own. */
export function noteNewUserObject(request: FastifyRequest, userJson: string): void {
  request.newUserObject = userJson;
}

export function newUserObjectOf(request: FastifyRequest): string | undefined {
  return request.newUserObject;
}
