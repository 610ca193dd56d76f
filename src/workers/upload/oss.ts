/**
 * The OSS multipart REST calls the engine needs (InitiateMultipartUpload, UploadPart, ListParts,
 * CompleteMultipartUpload, AbortMultipartUpload, PutObject), signed with V1 header signatures and
 * `x-oss-security-token`. Bodies are Blob slices: the transport streams them, nothing is copied.
 */
import { parseXml, XmlElement } from '@rgrove/parse-xml';
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

/**
 * The root element of an XML answer when it is named `root`; null for an empty body, a body that is
 * not well-formed XML (a proxy's HTML page, a cut-off answer) or another root. Entities decode
 * (`&quot;` in ETags); an undefined named entity stays as written.
 */
function xmlRoot(text: string, root: string): XmlElement | null {
  try {
    const el = parseXml(text, { ignoreUndefinedEntities: true }).root;
    return el?.name === root ? el : null;
  } catch {
    return null;
  }
}

/** The child elements of `el` named `name`. */
function xmlChildren(el: XmlElement | null, name: string): XmlElement[] {
  return el ? el.children.filter((c): c is XmlElement => c instanceof XmlElement && c.name === name) : [];
}

/** The trimmed text of `el`'s first child element named `name`; undefined when it has none. */
function childText(el: XmlElement | null, name: string): string | undefined {
  return xmlChildren(el, name)[0]?.text.trim();
}

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
    opts: { body?: Blob | string | Uint8Array; contentType?: string; signal?: AbortSignal; onUploadProgress?: (n: number) => void } = {},
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
    const id = childText(xmlRoot(res.text, 'InitiateMultipartUploadResult'), 'UploadId');
    if (!id) throw new OssError(res.status, 'InvalidResponse', '对象存储返回的数据有误');
    return id;
  }

  async uploadPart(
    creds: Credentials,
    addr: UploadAddress,
    uploadId: string,
    partNumber: number,
    body: Blob | Uint8Array,
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
      const r = xmlRoot(res.text, 'ListPartsResult');
      for (const p of xmlChildren(r, 'Part')) {
        out.push({
          partNumber: Number(childText(p, 'PartNumber')),
          etag: childText(p, 'ETag') ?? '',
          size: Number(childText(p, 'Size')),
          crc64: childText(p, 'HashCrc64ecma') ?? '',
        });
      }
      if (childText(r, 'IsTruncated') !== 'true') break;
      marker = childText(r, 'NextPartNumberMarker') ?? '';
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
    const etag = childText(xmlRoot(res.text, 'CompleteMultipartUploadResult'), 'ETag');
    return { etag: etag ?? res.headers.etag ?? '', crc64: res.headers['x-oss-hash-crc64ecma'] ?? '' };
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
    // a body that is not an XML <Error> keeps the HTTP status
    const e = xmlRoot(res.text, 'Error');
    code = childText(e, 'Code') ?? code;
    message = childText(e, 'Message') ?? message;
    requestId = childText(e, 'RequestId') ?? requestId;
  }
  return new OssError(res.status, code, message, requestId);
}
