// @vitest-environment node
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { nextClaims, planStaffCommand, runStaff, type StaffAuth, type StaffUser, USAGE } from './staff.mjs'

describe('npm run staff: what it will do', () => {
  it('grants and revokes against the Auth emulator by default', () => {
    expect(planStaffCommand(['grant', 'sam@sunbeam.test'], {})).toEqual({
      action: 'grant',
      email: 'sam@sunbeam.test',
      projectId: 'demo-sunbeam',
      emulator: '127.0.0.1:9099',
      yes: false,
    })
    expect(
      planStaffCommand(['revoke', 'sam@sunbeam.test'], { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9100' }),
    ).toMatchObject({ action: 'revoke', emulator: '127.0.0.1:9100' })
    expect(planStaffCommand(['list'], {})).toMatchObject({ action: 'list', email: null })
  })

  it('refuses a real project without --real, and --real without a project or credentials', () => {
    expect(planStaffCommand(['grant', 'a@b.c', '--project', 'sunbeam-prod'], {})).toHaveProperty('error')
    expect(
      planStaffCommand(['grant', 'a@b.c', '--real'], { GOOGLE_APPLICATION_CREDENTIALS: 'k.json' }),
    ).toHaveProperty('error')
    expect(planStaffCommand(['grant', 'a@b.c', '--project', 'sunbeam-prod', '--real'], {})).toHaveProperty(
      'error',
    )
    // Still pointed at the emulator: refused rather than quietly going there.
    expect(
      planStaffCommand(['grant', 'a@b.c', '--project', 'sunbeam-prod', '--real'], {
        GOOGLE_APPLICATION_CREDENTIALS: 'k.json',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      }),
    ).toHaveProperty('error')
    // Control: everything said.
    expect(
      planStaffCommand(['grant', 'a@b.c', '--project', 'sunbeam-prod', '--real'], {
        GOOGLE_APPLICATION_CREDENTIALS: 'k.json',
      }),
    ).toEqual({ action: 'grant', email: 'a@b.c', projectId: 'sunbeam-prod', emulator: null, yes: false })
  })

  it('refuses unknown actions, options and missing or malformed e-mails', () => {
    for (const args of [
      [],
      ['promote', 'a@b.c'],
      ['grant'],
      ['grant', 'nobody'],
      ['grant', 'a@b.c', 'x@y.z'],
      ['grant', 'a@b.c', '--force'],
      ['list', 'a@b.c'],
    ])
      expect(planStaffCommand(args, {}), args.join(' ')).toHaveProperty('error')
  })

  it('keeps other claims when granting or revoking', () => {
    expect(nextClaims({ admin: true }, 'grant')).toEqual({ admin: true, staff: true })
    expect(nextClaims({ admin: true, staff: true }, 'revoke')).toEqual({ admin: true })
    expect(nextClaims(undefined, 'grant')).toEqual({ staff: true })
  })
})

/** The Admin SDK's Auth as the command uses it, in memory, recording every change. */
function fakeAuth(users: StaffUser[]) {
  const changes: string[] = []
  const byEmail = (email: string) => users.find((user) => user.email === email)
  const auth: StaffAuth = {
    async getUserByEmail(email) {
      const user = byEmail(email)
      if (!user) throw Object.assign(new Error('no user'), { code: 'auth/user-not-found' })
      return user
    },
    async createUser({ email, emailVerified }) {
      const user: StaffUser = { uid: `uid-${users.length + 1}`, email, emailVerified, providerData: [] }
      users.push(user)
      changes.push(`create ${email}`)
      return user
    },
    async setCustomUserClaims(uid, claims) {
      changes.push(`claims ${uid} ${JSON.stringify(claims)}`)
    },
    async revokeRefreshTokens(uid) {
      changes.push(`revoke ${uid}`)
    },
    async generatePasswordResetLink(email) {
      return `http://127.0.0.1:9099/emulator/action?mode=resetPassword&oobCode=code-${email}&apiKey=fake-api-key`
    },
    async listUsers() {
      return { users }
    },
  }
  return { auth, changes }
}

const account = (overrides: Partial<StaffUser> = {}): StaffUser => ({
  uid: 'u1',
  email: 'sam@sunbeam.test',
  emailVerified: true,
  metadata: {
    creationTime: 'Thu, 26 Nov 2026 09:00:00 GMT',
    lastSignInTime: 'Fri, 27 Nov 2026 08:00:00 GMT',
  },
  providerData: [{ providerId: 'password' }],
  ...overrides,
})

async function run(args: string[], users: StaffUser[], answer = false) {
  const plan = planStaffCommand(args, {})
  if (!('action' in plan)) throw new Error(`not a plan: ${JSON.stringify(plan)}`)
  const { auth, changes } = fakeAuth(users)
  const out: string[] = []
  const questions: string[] = []
  const code = await runStaff(plan, {
    auth,
    confirm: async (question) => {
      questions.push(question)
      return answer
    },
    log: (line) => out.push(line),
    error: (line) => out.push(line),
  })
  return { code, changes, out: out.join('\n'), questions }
}

describe('npm run staff: grant and invite', () => {
  it('--help is the usage alone, not an error', () => {
    expect(planStaffCommand(['--help'], {})).toEqual({ help: true })
    expect(planStaffCommand(['grant', 'a@b.c', '-h'], {})).toEqual({ help: true })
    expect(planStaffCommand(['grant', 'a@b.c', '--yes'], {})).toMatchObject({ action: 'grant', yes: true })
    expect(planStaffCommand(['invite', 'a@b.c'], {})).toMatchObject({ action: 'invite', yes: false })
  })

  it('grant refuses an account whose e-mail is not verified: exit 1, no claim, nothing asked', async () => {
    const refused = await run(['grant', 'sam@sunbeam.test', '--yes'], [account({ emailVerified: false })])
    expect(refused.code).toBe(1)
    expect(refused.changes).toEqual([])
    expect(refused.out).toContain('has not verified its e-mail')
    expect(refused.out).toContain('npm run staff -- invite sam@sunbeam.test')
    // Control: the same account verified is granted.
    const granted = await run(['grant', 'sam@sunbeam.test', '--yes'], [account()])
    expect(granted.code).toBe(0)
    expect(granted.changes).toEqual(['claims u1 {"staff":true}'])
  })

  it('grant shows the account and asks first; no answer changes nothing, yes grants', async () => {
    const declined = await run(['grant', 'sam@sunbeam.test'], [account()], false)
    expect(declined.out).toContain('uid:          u1')
    expect(declined.out).toContain('created:      Thu, 26 Nov 2026 09:00:00 GMT')
    expect(declined.out).toContain('last sign-in: Fri, 27 Nov 2026 08:00:00 GMT')
    expect(declined.out).toContain('providers:    password')
    expect(declined.questions).toEqual([expect.stringContaining('Make sam@sunbeam.test staff?')])
    expect(declined.code).toBe(1)
    expect(declined.changes).toEqual([])
    const accepted = await run(['grant', 'sam@sunbeam.test'], [account()], true)
    expect(accepted.code).toBe(0)
    expect(accepted.changes).toEqual(['claims u1 {"staff":true}'])
  })

  it('invite creates a new account, marks it staff and prints the one-time link', async () => {
    const users: StaffUser[] = []
    const invited = await run(['invite', 'new@sunbeam.test'], users)
    expect(invited.code).toBe(0)
    expect(invited.changes).toEqual(['create new@sunbeam.test', 'claims uid-1 {"staff":true}'])
    expect(users[0]).toMatchObject({ email: 'new@sunbeam.test', emailVerified: false })
    expect(invited.out).toContain(
      'http://127.0.0.1:9099/emulator/action?mode=resetPassword&oobCode=code-new@sunbeam.test&apiKey=fake-api-key&newPassword=THEIR_PASSWORD',
    )
  })

  it("invite finds an existing account; an unverified one loses its maker's sessions", async () => {
    const squatted = await run(['invite', 'sam@sunbeam.test'], [account({ emailVerified: false })])
    expect(squatted.changes).toEqual(['revoke u1', 'claims u1 {"staff":true}'])
    expect(squatted.out).toContain('sessions were revoked')
    const verified = await run(['invite', 'sam@sunbeam.test'], [account({ customClaims: { admin: true } })])
    expect(verified.changes).toEqual(['claims u1 {"admin":true,"staff":true}'])
    expect(verified.out).toContain('oobCode=code-sam@sunbeam.test')
  })
})

describe('npm run staff -- --help', () => {
  it('prints the usage alone and exits 0; an unknown option still fails', () => {
    const help = spawnSync(process.execPath, ['scripts/staff.mjs', '--help'], { encoding: 'utf8' })
    expect(help.status).toBe(0)
    expect(help.stdout).toBe(`${USAGE}\n`)
    expect(help.stderr).toBe('')
    const unknown = spawnSync(process.execPath, ['scripts/staff.mjs', 'grant', 'a@b.c', '--force'], {
      encoding: 'utf8',
    })
    expect(unknown.status).toBe(1)
    expect(unknown.stderr).toContain('Unknown option --force.')
  })
})
