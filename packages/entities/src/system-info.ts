/** The system-info dashboard's wire shapes (Casdoor's SystemInfo, VersionInfo and PrometheusInfo). */

/** Usage per core in percent; the server's memory in use and the host's total, in bytes. */
export interface SystemInfo {
  cpuUsage: number[];
  memoryUsed: number;
  memoryTotal: number;
}

/** The release tag, the commit, and how many commits it is past the tag. */
export interface VersionInfo {
  version: string;
  commitId: string;
  commitOffset: number;
}

/** One row of the latency table: the mean latency in milliseconds, three decimals, as text. */
export interface ApiLatency {
  name: string;
  method: string;
  count: number;
  latency: string;
}

/** One row of the throughput table: requests per second. */
export interface ApiThroughput {
  name: string;
  method: string;
  throughput: number;
}

export interface PrometheusInfo {
  apiThroughput: ApiThroughput[];
  apiLatency: ApiLatency[];
  totalThroughput: number;
}
