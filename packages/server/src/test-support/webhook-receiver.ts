import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import { createTextServer } from './messaging-peers.js';

/** One request a receiver got, with the time it arrived. */
export interface ReceivedDelivery {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** What the receiver does with a request: answer with a status (after a delay), or never answer (a hanging target). */
export type ReceiverAnswer = { status: number; text?: string; delayMs?: number } | 'hang';

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedDelivery[];
  /** The most requests the receiver held unanswered at once. */
  mostAtOnce: number;
  /** Decides each answer (by default 200 "ok"). */
  answer: (delivery: ReceivedDelivery, index: number) => ReceiverAnswer;
  /** Waits until at least `count` requests arrived. */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedDelivery[]>;
  close: () => Promise<void>;
}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};

/**
 * Verifies a delivery as a receiver would (the scheme of docs/subsystems/webhooks.md, "Signature"):
 * the signature header is sha256= and the hex HMAC-SHA256 of "<timestamp>.<body>" under the secret.
 */
export function signatureValid(delivery: ReceivedDelivery, secret: string): boolean {
  const timestamp = header(delivery.headers, 'x-gatehouse-timestamp');
  const given = Buffer.from(header(delivery.headers, 'x-gatehouse-signature'));
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex')}`);
  return timestamp !== '' && given.length === expected.length && timingSafeEqual(given, expected);
}

export function headerOf(delivery: ReceivedDelivery, name: string): string {
  return header(delivery.headers, name);
}

/** A webhook's receiving HTTP server on loopback (node:http), on `port` or a free one. */
export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const sockets = new Set<Socket>();
  let open = 0;
  const receiver: WebhookReceiver = {
    url: '',
    port: 0,
    received: [],
    mostAtOnce: 0,
    answer: () => ({ status: 200, text: 'ok' }),
    waitFor: async (count, timeoutMs = 15_000) => {
      const until = Date.now() + timeoutMs;
      while (receiver.received.length < count) {
        if (Date.now() > until) throw new Error(`the receiver got ${receiver.received.length} of ${count} deliveries`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return receiver.received;
    },
    close: async () => {},
  };
  const server = createTextServer((request, body, response) => {
    const delivery: ReceivedDelivery = {
      method: request.method ?? '',
      path: request.url ?? '/',
      headers: request.headers,
      body,
      at: Date.now(),
    };
    receiver.received.push(delivery);
    const answer = receiver.answer(delivery, receiver.received.length - 1);
    // A hanging target keeps the connection open without a word (closed with the receiver).
    if (answer === 'hang') return;
    open += 1;
    receiver.mostAtOnce = Math.max(receiver.mostAtOnce, open);
    setTimeout(() => {
      open -= 1;
      response.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.text ?? '');
    }, answer.delayMs ?? 0);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  receiver.port = typeof address === 'object' && address ? address.port : 0;
  receiver.url = `http://127.0.0.1:${receiver.port}`;
  receiver.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return receiver;
}
