// The Chromium every browser run here uses (the suite's playwright.config.ts and the benchmarks'): an
// explicit path wins (CHROMIUM_PATH), then Debian's packages, else Playwright's own download (on machines
// where `npx playwright install` works). The flags keep it off the network it would otherwise reach for
// by itself (this machine's is closed), and root needs --no-sandbox.
import { existsSync } from 'node:fs'
import type { LaunchOptions } from '@playwright/test'

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The whole browser loads its address bar's popup (about 150 chrome:// modules, a renderer of its
  // own) in every new window: CPU the benchmarks' pages lost on two cores (tasks of up to 254 ms in a
  // /centre trace). A phone's browser and the installed app's window have no such popup.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
]

function launchOptions(debianPath: string): LaunchOptions {
  const path = process.env.CHROMIUM_PATH ?? (existsSync(debianPath) ? debianPath : undefined)
  return { ...(path ? { executablePath: path } : {}), args }
}

/** The whole browser (`apt-get install chromium`), as a parent's: the benchmarks time it, and the
 * push specs and the notices' screenshots need its notifications, which the headless shell always
 * answers as blocked. */
export const chromiumLaunchOptions: LaunchOptions = launchOptions('/usr/bin/chromium')

/** The browser suite's: the same Chromium's headless shell (`apt-get install chromium-headless-shell`),
 * the build Playwright itself runs headless tests in. It renders the same pages with less of the
 * browser around them: 114 s against 165 s for 31 tests here (docs/decisions/0034). Without it, the
 * whole browser. */
export const suiteLaunchOptions: LaunchOptions = existsSync('/usr/bin/chromium-headless-shell')
  ? launchOptions('/usr/bin/chromium-headless-shell')
  : chromiumLaunchOptions
