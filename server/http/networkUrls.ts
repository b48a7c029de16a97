// The addresses a server is reachable at on the network (printed at start, offered to the facilitator's
// pages for the join link): every non-internal IPv4 interface when listening on all interfaces, none when
// bound to loopback, the bound address itself otherwise. A configured PUBLIC_URL is checked and normalised.
import type { NetworkInterfaceInfo } from 'node:os';

type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

const ALL = new Set(['0.0.0.0', '::', '']);
const isLoopback = (host: string): boolean => host === 'localhost' || host === '::1' || /^127\./.test(host);

/** http://address:port for `host` (the listen address) and `port`; `interfaces` is os.networkInterfaces(). */
export function networkUrls(interfaces: Interfaces, host: string, port: number): string[] {
  if (isLoopback(host)) return [];
  if (!ALL.has(host)) return [`http://${host.includes(':') ? `[${host}]` : host}:${port}`];
  const urls: string[] = [];
  for (const list of Object.values(interfaces))
    for (const i of list ?? [])
      if (i.family === 'IPv4' && !i.internal) urls.push(`http://${i.address}:${port}`);
  return [...new Set(urls)];
}

/**
 * PUBLIC_URL as an origin-like base without a trailing slash; throws (code PUBLIC_URL) for anything but an
 * absolute http(s) URL, so a typo stops the server at start instead of printing a QR code no phone can use.
 */
export function publicUrlOf(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error(`PUBLIC_URL: '${raw}' is not an absolute URL (e.g. http://192.168.1.20:2567)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`PUBLIC_URL: '${raw}' must start with http:// or https://`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
