import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { baseURL } from '../playwright.config.js';

/**
 * A minimal CAS client web application on a loopback port, as a CAS-protected site behaves: /app
 * without a ticket sends the browser to the CAS sign-in page of its application with
 * service=<its own URL>; with a ticket it shows the ticket it received (the test validates it, as
 * the site's back end would).
 */
export interface CasService {
  /** The service URL registered with the application (it carries a query of its own). */
  service: string;
  /** The service's origin, for Redirect URLs. */
  origin: string;
  close: () => Promise<void>;
}

export async function startCasService(organization: string, application: string): Promise<CasService> {
  let origin = '';
  const serviceOf = () => `${origin}/app?lang=en`;
  const server = http.createServer((req, res) => {
    const here = new URL(req.url ?? '/', origin);
    if (here.pathname !== '/app') {
      res.writeHead(404).end('not found');
      return;
    }
    const ticket = here.searchParams.get('ticket');
    if (!ticket) {
      const login = new URL(`/cas/${organization}/${application}/login`, baseURL);
      login.searchParams.set('service', serviceOf());
      res.writeHead(302, { location: login.href }).end();
      return;
    }
    const escaped = ticket.replace(/[^A-Za-z0-9-]/g, '');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>CAS service</title><h1>CAS service</h1><p id="ticket">${escaped}</p>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { service: serviceOf(), origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** What a CAS 2.0/3.0 validation answered: the user and attributes, or the failure code. */
export interface CasValidation {
  user: string | null;
  attributes: Record<string, string[]>;
  failure: string | null;
}

const CAS_NAMESPACE = 'http://www.yale.edu/tp/cas';

/** Reads a serviceValidate XML answer with the browser's own XML parser (namespaces and escapes included). */
export function readCasXml(page: Page, xml: string): Promise<CasValidation> {
  return page.evaluate(
    ([text, ns]) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      const first = (name: string) => doc.getElementsByTagNameNS(ns, name)[0] ?? null;
      const attributes: Record<string, string[]> = {};
      const holder = first('attributes');
      for (const child of Array.from(holder?.children ?? [])) {
        if (child.namespaceURI !== ns || child.localName === 'userAttributes') continue;
        attributes[child.localName] = [...(attributes[child.localName] ?? []), child.textContent ?? ''];
      }
      return {
        user: first('user')?.textContent ?? null,
        attributes,
        failure: first('authenticationFailure')?.getAttribute('code') ?? null,
      };
    },
    [xml, CAS_NAMESPACE] as const,
  );
}
