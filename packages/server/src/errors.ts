import type { MessageKey, MessageParams } from './i18n.js';

/**
 * A refusal the user should read: it becomes the envelope {status:'error', msg} in the caller's
 * language. `httpStatus` stays 200 for envelope calls, as the wire format requires.
 */
export class AppError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly httpStatus = 200,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const unauthorized = () => new AppError('unauthorized');
