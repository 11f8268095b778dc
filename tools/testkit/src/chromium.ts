/**
 * Where headless Chromium is and how to start it here (`../shared/docs/toolchain.md`): Debian's
 * `chromium`, no sandbox in containers, no network. Browser tests share these; CI installs it.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-default-apps',
  '--disable-dev-shm-usage',
  // Headless Chromium 156 preloads the address bar's WebUI pop-up in its own renderer, which then
  // keeps a core busy for seconds while a test page loads (seen in a trace: 6.6 s of CPU).
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

/** Options for playwright's `chromium.launch` (a fresh object each call: playwright may keep it). */
export function chromiumLaunchOptions(): { executablePath: string; headless: boolean; args: string[] } {
  return { executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] };
}
