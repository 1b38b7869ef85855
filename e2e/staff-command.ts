// The centre's staff command as the centre runs it (`npm run staff -- …`, the Admin SDK on the Auth
// emulator), and the Auth emulator's own e-mail links, for the online tests of /centre.
import { spawnSync } from 'node:child_process'
import { expect } from './fixtures'
import { ONLINE_AUTH_PORT } from './online-world'

// The online world's Auth emulator: E2E_AUTH_PORT where a second copy of the world runs beside the first.
const AUTH_EMULATOR = `127.0.0.1:${ONLINE_AUTH_PORT}`

/** Runs `npm run staff -- …args`; its exit code and everything it printed. */
export function staffCommand(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync('npm', ['run', '-s', 'staff', '--', ...args], {
    encoding: 'utf8',
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR },
  })
  return { status: run.status, output: `${run.stdout}${run.stderr}` }
}

/** grant (without asking) or revoke, and check that it said so. */
export function staffChange(action: 'grant' | 'revoke', email: string) {
  const { status, output } = staffCommand(action, email, ...(action === 'grant' ? ['--yes'] : []))
  expect(output).toContain(action === 'grant' ? `${email} is now staff` : `${email} is no longer staff`)
  expect(status).toBe(0)
}

interface OobCode {
  readonly email: string
  readonly requestType: string
  readonly oobLink: string
}

/** The last e-mail link of this type the Auth emulator "sent" to this address. */
export async function emailLink(email: string, requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET') {
  let link: string | undefined
  await expect
    .poll(
      async () => {
        const response = await fetch(`http://${AUTH_EMULATOR}/emulator/v1/projects/demo-sunbeam/oobCodes`)
        const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] }
        link = oobCodes
          .filter((code) => code.email === email && code.requestType === requestType)
          .at(-1)?.oobLink
        return link !== undefined
      },
      { message: `a ${requestType} link for ${email}`, timeout: 20_000 },
    )
    .toBe(true)
  return link as string
}

/** The parent follows the verification link sent at sign-up (the emulator's own link). */
export async function followVerificationLink(email: string) {
  const response = await fetch(await emailLink(email, 'VERIFY_EMAIL'))
  expect(await response.text()).toContain('successfully verified')
}
