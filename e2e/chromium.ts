// The Chromium every browser run here uses (the suite's playwright.config.ts and the cold-start
// benchmark's): an explicit path wins (CHROMIUM_PATH), then Debian's /usr/bin/chromium, else
// Playwright's own download (on machines where `npx playwright install` works). The flags keep it off
// the network it would otherwise reach for by itself (this machine's is closed), and root needs
// --no-sandbox.
import { existsSync } from 'node:fs'
import type { LaunchOptions } from '@playwright/test'

const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)

export const chromiumLaunchOptions: LaunchOptions = {
  ...(chromiumPath ? { executablePath: chromiumPath } : {}),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}
