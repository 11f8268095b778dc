/**
 * DNS rebinding: a page on attacker.example whose name is made to resolve to 127.0.0.1 can make
 * the browser send it requests for this server, and read the answers (same origin, for the
 * browser). They still say `Host: attacker.example`. So a server bound to loopback answers only
 * requests addressed to a loopback name; one bound elsewhere (`--host`) was exposed on purpose.
 */

/** Whether `host` (what the server listens on) is a loopback address or name. */
export function isLoopbackBind(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Whether a request's Host header names this machine's loopback (with any port). */
export function isLoopbackHostHeader(header: string | undefined): boolean {
  if (!header) return false;
  const name = header.toLowerCase().replace(/:\d+$/, '');
  return name === 'localhost' || name.endsWith('.localhost') || name === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}
