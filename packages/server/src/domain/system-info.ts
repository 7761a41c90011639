import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { SystemInfo, VersionInfo } from '@gatehouse/entities';

interface CoreTimes {
  busy: number;
  total: number;
}

function coreTimes(): CoreTimes[] {
  return os.cpus().map(({ times }) => {
    const busy = times.user + times.nice + times.sys + times.irq;
    return { busy, total: busy + times.idle };
  });
}

/** Percent busy per core between two samples (0 for a core whose counters did not move). */
export function usageBetween(before: CoreTimes[], after: CoreTimes[]): number[] {
  return after.map((core, index) => {
    const previous = before[index];
    const total = previous ? core.total - previous.total : 0;
    if (!previous || total <= 0) return 0;
    return Math.round(((core.busy - previous.busy) / total) * 10_000) / 100;
  });
}

/** Shortest span measured when the previous sample is too recent or missing. */
const MIN_SPAN_MS = 200;

/**
 * CPU usage from the kernel's per-core counters: each call measures since the previous call (the
 * console polls every 2 s), or over a short span when that call was too recent or never happened.
 */
export class CpuSampler {
  private last: { at: number; times: CoreTimes[] } | null = null;

  async usage(): Promise<number[]> {
    const at = Date.now();
    let before = this.last;
    if (!before || at - before.at < MIN_SPAN_MS) {
      before = { at, times: coreTimes() };
      await new Promise((resolve) => setTimeout(resolve, MIN_SPAN_MS));
    }
    const times = coreTimes();
    this.last = { at: Date.now(), times };
    return usageBetween(before.times, times);
  }
}

export async function systemInfoOf(sampler: CpuSampler): Promise<SystemInfo> {
  return { cpuUsage: await sampler.usage(), memoryUsed: process.memoryUsage().rss, memoryTotal: os.totalmem() };
}

/**
 * Reads `git describe --tags --long` output: "v1.2.0-3-gabc1234" is tag v1.2.0, three commits past
 * it. Anything else (no tag, no checkout) is null.
 */
export function parseDescribe(text: string): { version: string; commitOffset: number } | null {
  const match = /^(.+)-(\d+)-g[0-9a-f]+$/.exec(text.trim());
  if (!match?.[1] || match[2] === undefined) return null;
  return { version: match[1], commitOffset: Number(match[2]) };
}

/**
 * The version the About card shows: the git tag and offset when the server runs from a checkout with
 * a tag, else the package's version; empty (shown as 'Unknown version') when neither is known.
 */
export function versionFrom(describe: string | null, commitId: string | null, packageVersion: string | null): VersionInfo {
  const tagged = describe ? parseDescribe(describe) : null;
  if (tagged) return { ...tagged, commitId: commitId ?? '' };
  return { version: packageVersion ?? '', commitId: commitId ?? '', commitOffset: 0 };
}

function gitOutput(args: string[], cwd: string): string | null {
  try {
    return (
      execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 }).trim() || null
    );
  } catch {
    return null;
  }
}

function packageVersionOf(packageJsonPath: URL): string | null {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(packageJsonPath, 'utf8'));
    if (parsed && typeof parsed === 'object' && 'version' in parsed && typeof parsed.version === 'string') return parsed.version;
  } catch {
    // No readable package.json: the version is unknown.
  }
  return null;
}

/** Read once when the server starts (git is never run per request). */
export function readVersionInfo(): VersionInfo {
  const here = new URL('.', import.meta.url);
  const cwd = fileURLToPath(here);
  return versionFrom(
    gitOutput(['describe', '--tags', '--long'], cwd),
    gitOutput(['rev-parse', 'HEAD'], cwd),
    packageVersionOf(new URL('../../package.json', here)),
  );
}
