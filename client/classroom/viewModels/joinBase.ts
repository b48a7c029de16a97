// The address the join link and its QR code point at: PUBLIC_URL when the server has one, the page's own
// origin when phones can open it, else the server's network address (a teacher who opened localhost). When
// nothing better than localhost is known the facilitator is warned: no phone can open that link.
import type { ServerInfoResponse } from '../../../shared/index.ts';

export interface JoinBase {
  /** Origin (and path prefix, for a PUBLIC_URL behind a proxy) of the join link, without a trailing slash. */
  readonly origin: string;
  /** The link points at this computer (localhost, 127.x, ::1): phones cannot open it. */
  readonly localOnly: boolean;
}

/** Whether `url`'s host is this machine only. */
export function isLocalUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127\./.test(host) ||
    host === '0.0.0.0'
  );
}

/**
 * @example joinBase('http://localhost:2567', { publicUrl: null, networkUrls: ['http://192.168.1.20:2567'] })
 * // { origin: 'http://192.168.1.20:2567', localOnly: false }
 */
export function joinBase(pageOrigin: string, info: ServerInfoResponse | null): JoinBase {
  if (info?.publicUrl) return { origin: info.publicUrl, localOnly: isLocalUrl(info.publicUrl) };
  if (!isLocalUrl(pageOrigin)) return { origin: pageOrigin, localOnly: false };
  const network = info?.networkUrls[0];
  return network ? { origin: network, localOnly: false } : { origin: pageOrigin, localOnly: true };
}
