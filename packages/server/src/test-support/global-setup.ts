import type { TestProject } from 'vitest/node';
import { generateCert } from '../crypto/certs.js';

/**
 * Runs once per test run: one 4096-bit key pair for cert-built-in, shared by every test server
 * (generating one per suite would cost seconds each). Tests read it with inject('builtInCert').
 */
export default async function setup(project: TestProject) {
  const cert = await generateCert({ algorithm: 'RS256', bitSize: 4096, expireInYears: 20, commonName: 'Gatehouse Test Cert' });
  project.provide('builtInCert', cert);
}

declare module 'vitest' {
  export interface ProvidedContext {
    builtInCert: { certificate: string; privateKey: string };
  }
}
