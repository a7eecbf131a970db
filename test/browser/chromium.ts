import { chromium, type Browser } from 'playwright-core';

/** The flags Chromium needs on a machine with no network beyond loopback and no GPU. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Launches Debian's Chromium (never a downloaded browser).
 * @example const browser = await launchChromium(); const page = await browser.newPage();
 */
export function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}
