/**
 * The page starts the view worker and the ELK worker side by side and joins them with a
 * MessageChannel: each gets one end in this first message.
 */
export interface ElkPortMessage {
  kind: 'tbg-elk-port';
  port: MessagePort;
}

export function isElkPortMessage(data: unknown): data is ElkPortMessage {
  return typeof data === 'object' && data !== null && (data as { kind?: unknown }).kind === 'tbg-elk-port';
}
