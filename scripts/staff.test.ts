// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { nextClaims, planStaffCommand } from './staff.mjs'

describe('npm run staff: what it will do', () => {
  it('grants and revokes against the Auth emulator by default', () => {
    expect(planStaffCommand(['grant', 'sam@sunbeam.test'], {})).toEqual({
      action: 'grant',
      email: 'sam@sunbeam.test',
      projectId: 'demo-sunbeam',
      emulator: '127.0.0.1:9099',
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
    ).toEqual({ action: 'grant', email: 'a@b.c', projectId: 'sunbeam-prod', emulator: null })
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
