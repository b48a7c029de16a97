// GET /api/server-info: the addresses phones can reach this server at, for the join link and its QR code.

export interface ServerInfoResponse {
  /** PUBLIC_URL as configured (e.g. https://kitchen.example.edu), without a trailing slash; null when unset. */
  readonly publicUrl: string | null;
  /** http://<address>:<port> of each non-loopback IPv4 interface the server listens on (none when bound to loopback). */
  readonly networkUrls: readonly string[];
}
