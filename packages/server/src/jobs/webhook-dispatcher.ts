import { deliveryDocument, type Webhook } from '@gatehouse/entities';
import type { FastifyBaseLogger } from 'fastify';
import type { WebhookSettings } from '../config/config.js';
import type { ServerContext } from '../context.js';
import {
  type AttemptOutcome,
  claimDueDeliveries,
  type DeliveryRow,
  finishAttempt,
  releaseClaim,
  webhooksOf,
} from '../domain/webhook-event-claims.js';
import { AppError } from '../errors.js';
import { translate } from '../i18n.js';
import { sendWebhookAttempt } from '../integrations/webhook/send.js';

/** The wait before attempt `attempt + 1`, after `attempt` failed ones: base, 2·base, 4·base ..., capped. */
export function retryDelayMs(attempt: number, baseMs: number, maxMs: number): number {
  const doublings = Math.min(Math.max(attempt - 1, 0), 30);
  return Math.min(baseMs * 2 ** doublings, maxMs);
}

/** A failure as the delivery log shows it (the server's messages in English). */
function errorText(error: unknown): string {
  if (error instanceof AppError) return translate(error.key, 'en', error.params);
  return error instanceof Error ? error.message : String(error);
}

/**
 * Sends the webhook deliveries stored with the audit records (domain/webhook-deliveries.ts), off
 * every request: each instance looks for due deliveries every `pollMs` (and at once when its own
 * records made some), claims at most `concurrency` at a time with a lease (webhook-event-claims.ts)
 * and sends them concurrently through the guarded outbound client. A 2xx answer is a success; any
 * other answer, a refused connection or a time-out is retried after 10 s, 20 s, 40 s ... (the
 * settings) until the attempts run out. Closing stops claiming, cancels the attempts under way and
 * gives their deliveries back, so that the next start (or another instance) sends them.
 */
export class WebhookDispatcher {
  private readonly inFlight = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private timer: NodeJS.Timeout | undefined;
  private cycle: Promise<void> | undefined;
  private again = false;
  private closed = false;

  constructor(
    private readonly server: ServerContext,
    private readonly log: FastifyBaseLogger,
    private readonly settings: WebhookSettings = server.config.webhooks,
  ) {}

  /** A claim holds through the longest attempt, with room to record its outcome. */
  private get leaseMs(): number {
    return this.settings.timeoutMs * 2 + 30_000;
  }

  start(): void {
    if (this.closed || this.timer) return;
    this.timer = setInterval(() => this.kick(), this.settings.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Looks for due deliveries now (new ones were stored, or an attempt ended). */
  kick(): void {
    if (this.closed) return;
    if (this.cycle) {
      this.again = true;
      return;
    }
    this.cycle = this.claimAndSend()
      .catch((err: unknown) => this.log.warn({ err }, 'webhook deliveries could not be claimed'))
      .finally(() => {
        this.cycle = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async claimAndSend(): Promise<void> {
    const free = this.settings.concurrency - this.inFlight.size;
    const claimed = await claimDueDeliveries(this.server, { limit: free, leaseMs: this.leaseMs });
    if (claimed.length === 0) return;
    const hooks = await webhooksOf(
      this.server,
      claimed.map((row) => row.webhook),
    );
    for (const row of claimed) {
      const controller = new AbortController();
      const done = this.attempt(row, hooks.get(row.webhook), controller.signal)
        .catch((err: unknown) => this.log.warn({ err, delivery: row.name }, 'webhook delivery failed to record'))
        .finally(() => {
          this.inFlight.delete(row.name);
          this.kick();
        });
      this.inFlight.set(row.name, { controller, done });
    }
  }

  private async attempt(row: DeliveryRow, hook: Webhook | undefined, signal: AbortSignal): Promise<void> {
    const failed = (error: string): AttemptOutcome => ({ state: 'Failed', statusCode: 0, response: '', error });
    if (!hook) {
      await finishAttempt(this.server, row, failed(translate('webhookMissing', 'en', { id: row.webhook })));
      return;
    }
    if (!hook.isEnabled) {
      await finishAttempt(this.server, row, failed(translate('webhookDisabled', 'en')));
      return;
    }
    let outcome: AttemptOutcome;
    try {
      const answer = await sendWebhookAttempt(
        this.server.services.outbound,
        hook,
        { delivery: row.name, eventType: row.eventType, document: deliveryDocument(row.payload, row.extendedUser) },
        { timeoutMs: this.settings.timeoutMs, signal },
      );
      outcome = answer.ok
        ? { state: 'Success', statusCode: answer.status, response: answer.text, error: '' }
        : this.retryOrFail(row, answer.status, answer.text, translate('webhookAnswered', 'en', { status: answer.status }));
    } catch (error) {
      if (signal.aborted) {
        // Shutting down: not an attempt; the delivery waits for the next start or another instance.
        await releaseClaim(this.server, row);
        return;
      }
      outcome = this.retryOrFail(row, 0, '', errorText(error));
    }
    await finishAttempt(this.server, row, outcome);
  }

  private retryOrFail(row: DeliveryRow, statusCode: number, response: string, error: string): AttemptOutcome {
    const attempts = row.attemptCount + 1;
    if (attempts >= Math.max(row.maxRetries, 1)) return { state: 'Failed', statusCode, response, error };
    const wait = retryDelayMs(attempts, this.settings.retryBaseMs, this.settings.retryMaxMs);
    return { state: 'Retrying', statusCode, response, error, retryAt: Date.now() + wait };
  }

  /** Stops claiming, cancels the attempts under way and waits until their deliveries are given back. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.cycle;
    for (const { controller } of this.inFlight.values()) controller.abort();
    await Promise.all([...this.inFlight.values()].map(({ done }) => done));
  }
}
