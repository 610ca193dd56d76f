/**
 * The OSS multipart REST calls the engine needs (InitiateMultipartUpload, UploadPart, ListParts,
 * CompleteMultipartUpload, AbortMultipartUpload, PutObject), signed with V1 header signatures and
 * `x-oss-security-token`. Bodies are Blob slices: the transport streams them, nothing is copied.
 */
import { XMLParser } from 'fast-xml-parser';
import { httpDate, ossAuthorization, ossCanonicalResource } from './sign';
import type { Credentials, Transport, TransportResponse, UploadAddress } from './types';

/** An OSS error answer (its XML `<Error>`), or an HTTP status without one. */
export class OssError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId = '',
  ) {
    super(message);
    this.name = 'OssError';
  }
}

const xml = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true });

export interface PartInfo {
  partNumber: number;
  etag: string;
  size: number;
  /** decimal; '' when the store did not say */
  crc64: string;
}

export interface PutResult {
  etag: string;
  /** x-oss-hash-crc64ecma, decimal ('' when absent) */
  crc64: string;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function objectUrl(addr: UploadAddress, query = ''): string {
  const key = encodeURIComponent(addr.FileName).replace(/%2F/g, '/');
  const q = query ? `?${query}` : '';
  if (addr.PathStyle) return `${addr.Endpoint.replace(/\/+$/, '')}/${addr.Bucket}/${key}${q}`;
  const u = new URL(addr.Endpoint);
  return `${u.protocol}//${addr.Bucket}.${u.host}/${key}${q}`;
}

export class OssClient {
  constructor(
    private readonly transport: Transport,
    private readonly now: () => number,
  ) {}

  private async request(
    creds: Credentials,
    addr: UploadAddress,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    query: Record<string, string | null>,
    opts: { body?: Blob | string; contentType?: string; signal?: AbortSignal; onUploadProgress?: (n: number) => void } = {},
  ): Promise<TransportResponse> {
    const headers: Record<string, string> = {
      'x-oss-date': httpDate(this.now()),
      'x-oss-security-token': creds.SecurityToken,
    };
    if (opts.contentType) headers['content-type'] = opts.contentType;
    headers.authorization = await ossAuthorization(
      creds.AccessKeyId,
      creds.AccessKeySecret,
      method,
      headers,
      ossCanonicalResource(addr.Bucket, addr.FileName, query),
    );
    const qs = Object.entries(query)
      .map(([k, v]) => (v === null ? encodeURIComponent(k) : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`))
      .join('&');
    const res = await this.transport.send({
      method,
      url: objectUrl(addr, qs),
      headers,
      body: opts.body,
      signal: opts.signal,
      onUploadProgress: opts.onUploadProgress,
    });
    if (res.status >= 200 && res.status < 300) return res;
    throw parseOssError(res);
  }

  async initiate(creds: Credentials, addr: UploadAddress, contentType: string, signal?: AbortSignal): Promise<string> {
    const res = await this.request(creds, addr, 'POST', { uploads: null }, { contentType, signal });
    const id = (xml.parse(res.text) as { InitiateMultipartUploadResult?: { UploadId?: string } }).InitiateMultipartUploadResult?.UploadId;
    if (!id) throw new OssError(res.status, 'InvalidResponse', '对象存储返回的数据有误');
    return id;
  }

  async uploadPart(
    creds: Credentials,
    addr: UploadAddress,
    uploadId: string,
    partNumber: number,
    body: Blob,
    signal?: AbortSignal,
    onUploadProgress?: (n: number) => void,
  ): Promise<PutResult> {
    const res = await this.request(creds, addr, 'PUT', { partNumber: String(partNumber), uploadId }, { body, signal, onUploadProgress });
    return { etag: res.headers.etag ?? '', crc64: res.headers['x-oss-hash-crc64ecma'] ?? '' };
  }

  async putObject(
    creds: Credentials,
    addr: UploadAddress,
    body: Blob,
    contentType: string,
    signal?: AbortSignal,
    onUploadProgress?: (n: number) => void,
  ): Promise<PutResult> {
    const res = await this.request(creds, addr, 'PUT', {}, { body, contentType, signal, onUploadProgress });
    return { etag: res.headers.etag ?? '', crc64: res.headers['x-oss-hash-crc64ecma'] ?? '' };
  }

  /** Every part the store holds for the upload (follows the pages). */
  async listParts(creds: Credentials, addr: UploadAddress, uploadId: string, signal?: AbortSignal): Promise<PartInfo[]> {
    const out: PartInfo[] = [];
    let marker = '0';
    for (let page = 0; page < 20; page++) {
      const res = await this.request(creds, addr, 'GET', { uploadId, 'max-parts': '1000', 'part-number-marker': marker }, { signal });
      const r = (xml.parse(res.text) as { ListPartsResult?: Record<string, unknown> }).ListPartsResult ?? {};
      const parts = r.Part === undefined ? [] : Array.isArray(r.Part) ? r.Part : [r.Part];
      for (const p of parts as Record<string, string>[]) {
        out.push({ partNumber: Number(p.PartNumber), etag: String(p.ETag ?? ''), size: Number(p.Size), crc64: String(p.HashCrc64ecma ?? '') });
      }
      if (String(r.IsTruncated) !== 'true') break;
      marker = String(r.NextPartNumberMarker ?? '');
    }
    return out;
  }

  async complete(
    creds: Credentials,
    addr: UploadAddress,
    uploadId: string,
    parts: { partNumber: number; etag: string }[],
    signal?: AbortSignal,
  ): Promise<PutResult> {
    const body =
      '<?xml version="1.0" encoding="UTF-8"?>\n<CompleteMultipartUpload>' +
      parts.map((p) => `<Part><PartNumber>${p.partNumber}</PartNumber><ETag>${escapeXml(p.etag)}</ETag></Part>`).join('') +
      '</CompleteMultipartUpload>';
    const res = await this.request(creds, addr, 'POST', { uploadId }, { body, contentType: 'application/xml', signal });
    const r = (xml.parse(res.text) as { CompleteMultipartUploadResult?: { ETag?: string } }).CompleteMultipartUploadResult;
    return { etag: r?.ETag ?? res.headers.etag ?? '', crc64: res.headers['x-oss-hash-crc64ecma'] ?? '' };
  }

  async abort(creds: Credentials, addr: UploadAddress, uploadId: string): Promise<void> {
    await this.request(creds, addr, 'DELETE', { uploadId });
  }
}

export function parseOssError(res: TransportResponse): OssError {
  let code = `HTTP${res.status}`;
  let message = `对象存储返回 HTTP ${res.status}`;
  let requestId = res.headers['x-oss-request-id'] ?? '';
  if (res.text.includes('<Error>')) {
    try {
      const e = (xml.parse(res.text) as { Error?: Record<string, string> }).Error ?? {};
      code = e.Code ?? code;
      message = e.Message ?? message;
      requestId = e.RequestId ?? requestId;
    } catch {
      // keep the HTTP status
    }
  }
  return new OssError(res.status, code, message, requestId);
}
