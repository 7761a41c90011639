import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * XML schema validation of SAML messages with @authenio/samlify-node-xmllint (libxml2 compiled to
 * asm.js, no Java), in a worker thread of its own. The module is costly in two ways that must not
 * reach the event loop: its first validation compiles several megabytes of asm.js (seconds of
 * CPU), and every validation runs synchronously. After that first one, a validation takes
 * milliseconds. The worker starts on first use (or at startup when SAML is configured, see
 * routes.ts) and is shared by every server in the process; it does not keep the process alive.
 */

// Plain CommonJS evaluated in the worker, so that it runs the same from the TypeScript sources
// (tests) and from the build. The validator reports schema errors through console.error only;
// they are captured and sent back. Everything else it prints is dropped.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let lastError = '';
console.error = (...args) => { lastError = args.map(String).join(' '); };
console.log = () => {};
console.warn = () => {};
const validator = require(workerData.validatorPath);
parentPort.on('message', ({ id, xml }) => {
  lastError = '';
  validator.validate(xml).then(
    () => parentPort.postMessage({ id, ok: true }),
    (error) => parentPort.postMessage({ id, ok: false, detail: lastError || String(error) }),
  );
});
`;

export type SchemaResult = { ok: true } | { ok: false; detail: string };

interface Pending {
  resolve: (result: SchemaResult) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: Error) {
  for (const p of pending.values()) p.reject(error);
  pending.clear();
}

function theWorker(): Worker {
  if (worker) return worker;
  const validatorPath = createRequire(import.meta.url).resolve('@authenio/samlify-node-xmllint');
  const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { validatorPath }, stdout: true, stderr: true });
  // What the module prints (emscripten's stdout) is read and dropped, never shown or buffered.
  started.stdout.resume();
  started.stderr.resume();
  started.on('message', (message: { id: number; ok: boolean; detail?: string }) => {
    const p = pending.get(message.id);
    if (!p) return;
    pending.delete(message.id);
    p.resolve(message.ok ? { ok: true } : { ok: false, detail: cleanDetail(message.detail ?? '') });
  });
  started.on('error', (error) => {
    worker = null;
    failAll(error);
  });
  started.on('exit', (code) => {
    worker = null;
    failAll(new Error(`The SAML schema validator stopped (exit code ${code})`));
  });
  started.unref();
  worker = started;
  return started;
}

/**
 * libxml2's first error, without the validator's preamble and the virtual file name:
 * "Element '{urn:...:protocol}AuthnRequest': The attribute 'Version' is required but missing."
 */
function cleanDetail(detail: string): string {
  const errors = detail.replace(/^.*?with errors:\s*/s, '');
  const first = errors.split('\n').find((line) => line.trim() !== '') ?? errors;
  return first
    .replace(/^file_\d+\.xml:\d+:\s*/, '')
    .replace(/^element \S+: Schemas validity error :\s*/, '')
    .trim()
    .slice(0, 500);
}

/** Validates `xml` against the SAML 2.0 protocol and assertion schemas (with XML-DSig and XML-Enc). */
export function validateSchema(xml: string): Promise<SchemaResult> {
  const target = theWorker();
  const id = nextId++;
  return new Promise<SchemaResult>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    target.postMessage({ id, xml });
  });
}

const WARM_UP_XML =
  '<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_warm" Version="2.0" IssueInstant="2000-01-01T00:00:00Z"/>';

let warming: Promise<void> | null = null;

/** Starts the worker and its costly first validation in the background (once). */
export function warmUpSchemaValidator(): Promise<void> {
  warming ??= validateSchema(WARM_UP_XML).then(
    () => undefined,
    () => {
      warming = null;
    },
  );
  return warming;
}
