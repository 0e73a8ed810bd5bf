/** Options for the Realtime WebSocket: a CA to trust, extra headers, a handshake time limit. */
export interface RealtimeSocketOptions {
  /** Certificates to trust besides the system's (a proxy or a local server with its own CA). */
  ca?: string | string[];
  /** Headers added to the WebSocket handshake. */
  headers?: Record<string, string>;
  /** Time limit of the WebSocket handshake in milliseconds. */
  handshakeTimeout?: number;
}
