/**
 * Input → on screen, as the compositor shows it, for the browser bench: a CDP screencast captures
 * each frame the compositor draws, stamped when the browser receives the capture (a few ms after
 * the swap, the same for every input), and an input is on screen with the first frame after it
 * whose picture differs from the one before it. Inputs must rest long enough apart that nothing
 * else (the sharp picture after a zoom) is taken for theirs.
 */
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';

export interface ShownFrame {
  /** When captured, ms on the wall clock (as `Date.now()`). */
  at: number;
  hash: string;
}

/** The frames the compositor showed while `during` ran. */
export async function screencast(page: Page, during: () => Promise<void>): Promise<ShownFrame[]> {
  const cdp = await page.context().newCDPSession(page);
  const shown: ShownFrame[] = [];
  cdp.on('Page.screencastFrame', (f) => {
    shown.push({ at: f.metadata.timestamp! * 1000, hash: createHash('sha1').update(f.data).digest('hex') });
    cdp.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => {});
  });
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 30, everyNthFrame: 1 });
  try {
    await page.waitForTimeout(300);
    await during();
  } finally {
    try {
      await cdp.send('Page.stopScreencast');
    } finally {
      await cdp.detach();
    }
  }
  if (shown.some((f) => !Number.isFinite(f.at))) throw new Error('screencast frames without a timestamp');
  return shown;
}

/**
 * For each input (wall-clock ms, in order), the time until the first shown frame that changed,
 * looked for up to the next input; `missed`: inputs with none.
 */
export function timesToScreen(shown: ShownFrame[], inputs: number[]): { ms: number[]; missed: number } {
  const ms = inputs.flatMap((at, k) => {
    const until = inputs[k + 1] ?? Infinity;
    const before = shown.filter((f) => f.at <= at).pop();
    const after = shown.find((f) => f.at > at && f.at < until && f.hash !== before?.hash);
    return after ? [after.at - at] : [];
  });
  return { ms, missed: inputs.length - ms.length };
}
