/**
 * The transport inside the worker: XMLHttpRequest (fetch cannot report upload progress), bodies as
 * Blob slices streamed by the browser, a real abort on the signal.
 * A part goes as its Blob slice (`streamsBlobs`): an ArrayBuffer body is copied synchronously by
 * send() (in the worker's profile: a third of its time and the tab's memory growing with the file).
 */
import { TransportError, type Transport, type TransportRequest, type TransportResponse } from './types';

export class XhrTransport implements Transport {
  readonly streamsBlobs = true;
  constructor(private readonly timeoutMs = 0) {}

  send(req: TransportRequest): Promise<TransportResponse> {
    return new Promise((resolve, reject) => {
      if (req.signal?.aborted) return reject(new TransportError('abort'));
      const xhr = new XMLHttpRequest();
      xhr.open(req.method, req.url, true);
      xhr.timeout = this.timeoutMs;
      for (const [k, v] of Object.entries(req.headers ?? {})) xhr.setRequestHeader(k, v);
      const onAbort = () => xhr.abort();
      req.signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => req.signal?.removeEventListener('abort', onAbort);
      if (req.onUploadProgress && req.body) {
        const cb = req.onUploadProgress;
        xhr.upload.onprogress = (e) => cb(e.loaded);
      }
      xhr.onload = () => {
        done();
        const headers: Record<string, string> = {};
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const i = line.indexOf(':');
          if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
        }
        resolve({ status: xhr.status, headers, text: xhr.responseText });
      };
      xhr.onerror = () => (done(), reject(new TransportError('network', '网络连接中断')));
      xhr.ontimeout = () => (done(), reject(new TransportError('timeout', '请求超时')));
      xhr.onabort = () => (done(), reject(new TransportError('abort')));
      xhr.send((req.body as XMLHttpRequestBodyInit | undefined) ?? null);
    });
  }
}
