import http from 'node:http';

/**
 * A tiny HTTP load balancer on loopback: each request goes to the next backend in turn (a new
 * upstream connection per request, headers and body passed through, Host kept), as any
 * round-robin proxy in front of several Gatehouse instances would. `served` names the backend of
 * each request, in order.
 */
export interface RoundRobinProxy {
  url: string;
  served: { backend: string; method: string; path: string; status: number }[];
  close: () => Promise<void>;
}

export async function startRoundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const served: RoundRobinProxy['served'] = [];
  const server = http.createServer((request, response) => {
    const backend = backends[next++ % backends.length] ?? '';
    const target = new URL(request.url ?? '/', backend);
    const upstream = http.request(target, { method: request.method, headers: request.headers, agent: false }, (answer) => {
      served.push({ backend, method: request.method ?? '', path: request.url ?? '', status: answer.statusCode ?? 0 });
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => {
      response.writeHead(502).end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
