import type { TestProject } from 'vitest/node';
import { generateCert } from '../crypto/certs.js';
import { createMigratedTemplates, type MigratedTemplates, testEngines } from './databases.js';

/**
 * Runs once per test run: one 4096-bit key pair for cert-built-in, shared by every test server
 * (generating one per suite would cost seconds each), read with inject('builtInCert'); and one
 * database of each engine with every migration applied, which each suite's database copies
 * (createMigratedDatabase) instead of running the migrations again. The migrations are thereby
 * run, from an empty database, once per engine and run; a failing one fails the run here.
 */
export default async function setup(project: TestProject) {
  const [cert, templates] = await Promise.all([
    generateCert({ algorithm: 'RS256', bitSize: 4096, expireInYears: 20, commonName: 'Gatehouse Test Cert' }),
    createMigratedTemplates(testEngines()),
  ]);
  project.provide('builtInCert', cert);
  project.provide('migratedTemplates', templates.info);
  return templates.drop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    builtInCert: { certificate: string; privateKey: string };
    migratedTemplates: MigratedTemplates;
  }
}
