import type { PrometheusInfo, SystemInfo, VersionInfo } from '@gatehouse/entities/plain';
import { request } from '../../shared/data/client';

/** GET /api/get-system-info (global administrators): CPU usage per core, memory used and total. */
export function getSystemInfo() {
  return request<SystemInfo>('GET', '/api/get-system-info');
}

/** GET /api/get-prometheus-info (global administrators): latency and throughput per route. */
export function getPrometheusInfo() {
  return request<PrometheusInfo>('GET', '/api/get-prometheus-info');
}

/** GET /api/get-version-info: the release tag, commit and commits past the tag. */
export function getVersionInfo() {
  return request<VersionInfo>('GET', '/api/get-version-info');
}
