import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import { AppError } from '../../errors.js';
import type { Outbound } from '../http/outbound.js';
import type { ObjectHeaders } from './content-types.js';
import { encodeKey, type FileStorage, type StoredFile } from './storage.js';

/**
 * S3-compatible object storage (provider types "AWS S3" and "MinIO"; also Ceph, R2, Wasabi ...
 * through an endpoint). Files are objects of one bucket; their public URL is the provider's
 * domain (a CDN or the bucket's public address) when set, else the endpoint's path-style address
 * of the object, else the AWS virtual-hosted address.
 */

export interface S3Settings {
  /** The provider's name, for messages. */
  name: string;
  /** S3 endpoint (https://minio.example.com:9000); empty for AWS itself. */
  endpoint: string;
  /** Endpoint the server itself uses when it differs from the public one (an internal address). */
  intranetEndpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Public base URL of the objects (https://cdn.example.com); empty to derive it. */
  domain: string;
}

export const DEFAULT_S3_REGION = 'us-east-1';
/** Longest a delete may take, retries included. */
const DELETE_TIMEOUT_MS = 15_000;

/** An address with a scheme: "minio.local:9000" is taken as https. */
function withScheme(address: string): string {
  const trimmed = address.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/**
 * The AWS SDK, loaded when the first S3 storage sends something: it is about 20 MB of the server's
 * memory, which a server storing its files locally does not spend. Code loaded on demand, the same
 * for every server of the process: not a server's state (docs/subsystems/domain.md, "The services").
 */
let sdkLoading: Promise<typeof S3Sdk> | undefined;
const loadSdk = () => {
  sdkLoading ??= import('@aws-sdk/client-s3');
  return sdkLoading;
};

/** What the storage answered, as one line (the service's error code and message). */
function describe(error: unknown, { S3ServiceException }: typeof S3Sdk): string {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata?.httpStatusCode;
    return `${error.name}${status ? ` (HTTP ${status})` : ''}: ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

function isMissing(error: unknown, { S3ServiceException }: typeof S3Sdk): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404)
  );
}

export class S3Storage implements FileStorage {
  private readonly config: S3Sdk.S3ClientConfig;
  private readonly publicBase: string;
  /** The SDK and its client, made on the first call that needs them. */
  private connection: Promise<{ s3: typeof S3Sdk; client: S3Sdk.S3Client }> | undefined;

  constructor(
    private readonly outbound: Outbound,
    private readonly settings: S3Settings,
  ) {
    if (!settings.bucket) throw new AppError('providerFieldMissing', { field: 'bucket' });
    const endpoint = withScheme(settings.intranetEndpoint || settings.endpoint);
    const region = settings.region.trim() || DEFAULT_S3_REGION;
    this.config = {
      region,
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // S3-compatible stores (MinIO, Ceph, R2 ...) do not all take the newer checksum trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 10_000, requestTimeout: 60_000 },
    };
    const publicEndpoint = withScheme(settings.endpoint);
    const bucket = encodeURIComponent(settings.bucket);
    this.publicBase = settings.domain.trim()
      ? withScheme(settings.domain)
      : publicEndpoint
        ? `${publicEndpoint}/${bucket}`
        : `https://${bucket}.s3.${region}.amazonaws.com`;
  }

  private connect() {
    this.connection ??= loadSdk().then((s3) => ({ s3, client: new s3.S3Client(this.config) }));
    return this.connection;
  }

  private failed(error: unknown, s3: typeof S3Sdk): AppError {
    return new AppError('storageFailed', { provider: this.settings.name, detail: describe(error, s3) }, 502);
  }

  /** The configured endpoint's host must pass the outbound rules (AWS's own endpoints are public). */
  private async checkEndpoint(): Promise<void> {
    const endpoint = withScheme(this.settings.intranetEndpoint || this.settings.endpoint);
    if (!endpoint) return;
    const url = new URL(endpoint);
    await this.outbound.resolveHost(url.hostname, endpoint);
  }

  /** The bucket serves the object with the type and disposition it is stored with. */
  async put(key: string, data: Buffer, { contentType, contentDisposition }: ObjectHeaders): Promise<void> {
    await this.checkEndpoint();
    const { s3, client } = await this.connect();
    try {
      await client.send(
        new s3.PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          ContentDisposition: contentDisposition,
        }),
      );
    } catch (error) {
      throw this.failed(error, s3);
    }
  }

  async open(key: string): Promise<StoredFile | null> {
    await this.checkEndpoint();
    const { s3, client } = await this.connect();
    try {
      const object = await client.send(new s3.GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      if (!object.Body) return null;
      return { size: object.ContentLength ?? 0, stream: object.Body as Readable };
    } catch (error) {
      if (isMissing(error, s3)) return null;
      throw this.failed(error, s3);
    }
  }

  async delete(key: string): Promise<void> {
    await this.checkEndpoint();
    const { s3, client } = await this.connect();
    try {
      // A delete runs inside the resource delete's transaction: it may not hold it for long.
      await client.send(new s3.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }), {
        abortSignal: AbortSignal.timeout(DELETE_TIMEOUT_MS),
      });
    } catch (error) {
      if (isMissing(error, s3)) return;
      throw this.failed(error, s3);
    }
  }

  url(key: string): string {
    return `${this.publicBase}/${encodeKey(key)}`;
  }

  /** Closes the client's connections (if it was ever made). */
  destroy(): void {
    void this.connection?.then(({ client }) => client.destroy());
  }
}
