import { AppError } from '../../errors.js';
import type { Outbound, OutboundRequest, OutboundResponse } from './outbound.js';

/**
 * Where a vendor API is called. A provider's `endpoint` replaces the vendor's default address
 * (a regional endpoint, a self-hosted Telegram Bot API server, GovSlack ...), given as a URL or a
 * bare host name (https); `ApiOptions.baseUrl` replaces both (tests point senders at loopback peers).
 */
export interface ApiOptions {
  baseUrl?: string;
}

export function apiBase(endpoint: string | undefined, fallback: string, options: ApiOptions = {}): string {
  const chosen = options.baseUrl?.trim() || endpoint?.trim() || fallback;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(chosen) ? chosen : `https://${chosen}`;
  return withScheme.replace(/\/+$/, '');
}

/**
 * An outbound call to an address that carries a secret (Telegram's bot token is part of the path):
 * an error names `shownUrl` instead of the real address.
 */
export async function fetchHidingUrl(
  outbound: Outbound,
  url: string,
  shownUrl: string,
  request: OutboundRequest,
): Promise<OutboundResponse> {
  try {
    return await outbound.fetch(url, request);
  } catch (error) {
    if (error instanceof AppError && 'url' in error.params) {
      const detail = String(error.params.detail ?? '').replaceAll(url, shownUrl);
      throw new AppError(error.key, { ...error.params, url: shownUrl, ...(error.params.detail ? { detail } : {}) });
    }
    throw error;
  }
}
