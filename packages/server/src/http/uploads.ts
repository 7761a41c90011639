import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { bodyOf } from './params.js';

/** A file sent in a multipart request, with what its sender declared about it. */
export interface UploadedFile {
  data: Buffer;
  filename: string;
  mimetype: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The declared name and type of each multipart file, by field (keepFileInfo). */
    uploadedFileInfo?: Map<string, { filename: string; mimetype: string }>;
  }
}

/**
 * The multipart plugin's `onFile`: reads the file into memory (the body then holds its bytes,
 * as before) and keeps its declared name and type, which the key-value body drops.
 */
export async function keepFileInfo(this: FastifyRequest, part: MultipartFile): Promise<void> {
  await part.toBuffer();
  this.uploadedFileInfo ??= new Map();
  this.uploadedFileInfo.set(part.fieldname, { filename: part.filename, mimetype: part.mimetype });
}

/** The file of multipart field `field`, or null when the request carries none. */
export function uploadedFile(request: FastifyRequest, field = 'file'): UploadedFile | null {
  const data = bodyOf(request)[field];
  if (!Buffer.isBuffer(data)) return null;
  const info = request.uploadedFileInfo?.get(field);
  return { data, filename: info?.filename ?? '', mimetype: info?.mimetype ?? '' };
}

/**
 * Errors of the multipart parser (busboy) for a body that is not a valid multipart body: no or an
 * unusable boundary, a body that ends before its closing boundary. They carry no code, only these
 * messages; they are the client's mistake (a 400), not the server's.
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|The needle cannot (be an empty String\/Buffer|have a length bigger than 256))\.?$/;

/** Whether `error`, raised for a multipart request, says its body is malformed. */
export function isMalformedMultipart(request: FastifyRequest, error: Error): boolean {
  return request.isMultipart() && MALFORMED_MULTIPART.test(error.message);
}
