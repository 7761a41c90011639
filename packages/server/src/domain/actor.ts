import type { Viewer } from '@gatehouse/entities';
import { AppError } from '../errors.js';

/**
 * Who performs a write. A viewer (someone signed in, or an application acting as itself) is held to
 * the entity's access and field rules. `system` is the server acting on rules checked elsewhere:
 * a sign-up the application allows, a provider sign-in, the first-start data, a sync; it may set
 * server-only fields, and the entity's own rules and hooks still apply.
 */
export type Actor = Viewer | 'system';

/** The viewer behind an actor, or null for the server itself. */
export function viewerOf(actor: Actor): Viewer | null {
  return actor === 'system' ? null : actor;
}

/** The refusal for someone who may not do what they asked: sign in first, or not allowed. */
export function refusal(viewer: Viewer | null): AppError {
  return new AppError(viewer ? 'unauthorized' : 'pleaseLogin');
}
