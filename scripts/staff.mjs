#!/usr/bin/env node
// `npm run staff -- invite EMAIL | grant EMAIL | revoke EMAIL | list`: gives or takes the custom claim
// staff: true that opens /centre (firestore.rules' isStaff(), which also needs a verified e-mail), with
// the Firebase Admin SDK. There is no staff sign-up in the app. See docs/centre.md, decision 0026.
//
// - invite: creates the account (or finds it), marks it staff and prints a one-time link to set the
//   password. Using the link proves the address (it sets emailVerified), so the claim opens /centre only
//   for whoever reads that mailbox. An account someone else made with the address loses its sessions.
// - grant: an existing account whose e-mail is verified; it prints the account and asks first
//   (`--yes` for scripts). An unverified account is refused: that is how a stranger who signed up first
//   with the centre's (or a new teacher's) address would get in.
//
// By default against the local Auth emulator (FIREBASE_AUTH_EMULATOR_HOST, 127.0.0.1:9099 unless set;
// project demo-sunbeam). A real project only with `--project ID --real` and credentials in
// GOOGLE_APPLICATION_CREDENTIALS; anything less is refused, so a typo never changes production.
// A claim reaches the person's app at their next ID-token refresh: /centre asks for a fresh token
// when the one it holds says "not staff". A revoked member also loses their refresh tokens, so the
// claim goes at the latest when their current ID token expires (up to one hour).
import { createInterface } from 'node:readline/promises'
import { pathToFileURL } from 'node:url'

export const DEFAULT_EMULATOR = '127.0.0.1:9099'
export const DEFAULT_PROJECT = 'demo-sunbeam'
export const USAGE =
  'Usage: npm run staff -- invite EMAIL | grant EMAIL [--yes] | revoke EMAIL | list [--project ID --real]\n' +
  '  invite: creates the account (or finds it), makes it staff and prints a one-time link to set the password.\n' +
  '  grant: makes an existing account with a verified e-mail staff, after showing it (--yes: do not ask).\n' +
  '  Without --real: the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST, default 127.0.0.1:9099), project demo-sunbeam.\n' +
  '  --real: a real project; needs --project ID and GOOGLE_APPLICATION_CREDENTIALS.'

const ACTIONS = ['invite', 'grant', 'revoke', 'list']

/**
 * What to do, from the arguments and the environment, `{ help: true }`, or `{ error }` saying why not.
 * Pure: the tests call it with made-up environments.
 * @param {readonly string[]} args
 * @param {Record<string, string | undefined>} env
 */
export function planStaffCommand(args, env) {
  if (args.includes('--help') || args.includes('-h')) return { help: true }
  const rest = [...args]
  let project = null
  let real = false
  let yes = false
  const positional = []
  while (rest.length) {
    const arg = rest.shift()
    if (arg === '--real') real = true
    else if (arg === '--yes') yes = true
    else if (arg === '--project') {
      project = rest.shift() ?? null
      if (!project || project.startsWith('--')) return { error: '--project needs a project id.' }
    } else if (arg?.startsWith('--')) return { error: `Unknown option ${arg}.` }
    else positional.push(arg)
  }
  const [action, email, ...extra] = positional
  if (!ACTIONS.includes(action)) return { error: 'Say invite, grant, revoke or list.' }
  if (action === 'list' ? email !== undefined : !email || extra.length)
    return { error: action === 'list' ? 'list takes no e-mail.' : `${action} takes one e-mail address.` }
  if (email !== undefined && !/^[^@\s]+@[^@\s]+$/.test(email))
    return { error: `'${email}' is not an e-mail address.` }
  if (!real) {
    if (project && !project.startsWith('demo-'))
      return { error: `Project ${project} is not a demo project: add --real to change a real one.` }
    return {
      action,
      email: email ?? null,
      projectId: project ?? DEFAULT_PROJECT,
      emulator: env.FIREBASE_AUTH_EMULATOR_HOST || DEFAULT_EMULATOR,
      yes,
    }
  }
  if (!project) return { error: '--real needs --project ID.' }
  if (!env.GOOGLE_APPLICATION_CREDENTIALS)
    return {
      error: '--real needs credentials: set GOOGLE_APPLICATION_CREDENTIALS to a service account key file.',
    }
  if (env.FIREBASE_AUTH_EMULATOR_HOST)
    return { error: 'FIREBASE_AUTH_EMULATOR_HOST is set, which would send --real to the emulator: unset it.' }
  return { action, email: email ?? null, projectId: project, emulator: null, yes }
}

/** The claims after granting or revoking: other claims are kept. */
export function nextClaims(claims, action) {
  const { staff: _staff, ...others } = claims ?? {}
  return action === 'grant' ? { ...others, staff: true } : others
}

/** The account as the person granting it should check it before anything changes. */
export function describeAccount(user) {
  const providers = (user.providerData ?? []).map((info) => info.providerId)
  return [
    `  e-mail:       ${user.email ?? '(none)'} (${user.emailVerified ? 'verified' : 'NOT verified'})`,
    `  uid:          ${user.uid}`,
    `  created:      ${user.metadata?.creationTime ?? 'unknown'}`,
    `  last sign-in: ${user.metadata?.lastSignInTime ?? 'never'}`,
    `  providers:    ${providers.length ? providers.join(', ') : 'none'}`,
    `  staff now:    ${user.customClaims?.staff === true ? 'yes' : 'no'}`,
  ].join('\n')
}

/**
 * Does what the plan says with an Admin Auth (or a fake of it, in the tests). Returns the exit code.
 * Types: scripts/staff.d.mts (StaffRun, StaffAuth).
 */
export async function runStaff(plan, { auth, confirm, log, error }) {
  const where = plan.emulator
    ? `the Auth emulator at ${plan.emulator} (${plan.projectId})`
    : `project ${plan.projectId}`
  if (plan.action === 'list') {
    let pageToken
    let count = 0
    do {
      const page = await auth.listUsers(1000, pageToken)
      for (const user of page.users)
        if (user.customClaims?.staff === true) {
          log(`${user.email ?? user.uid}${user.emailVerified ? '' : ' (e-mail not verified: no access)'}`)
          count += 1
        }
      pageToken = page.pageToken
    } while (pageToken)
    log(`${count} member(s) of staff in ${where}.`)
    return 0
  }
  if (plan.action === 'invite') return invite(plan, where, { auth, log })

  const user = await auth.getUserByEmail(plan.email)
  if (plan.action === 'grant') {
    log(`Account ${plan.email} in ${where}:\n${describeAccount(user)}`)
    if (!user.emailVerified) {
      error(
        `staff: ${plan.email} has not verified its e-mail, so anyone could have made it. Nothing changed.\n` +
          `  Invite them instead (they set their password from the link): npm run staff -- invite ${plan.email}`,
      )
      return 1
    }
    if (
      !plan.yes &&
      !(await confirm(`Make ${plan.email} staff? They will read every child's record. [y/N] `))
    ) {
      error('staff: not confirmed. Nothing changed.')
      return 1
    }
  }
  await auth.setCustomUserClaims(user.uid, nextClaims(user.customClaims, plan.action))
  // Revoked: no new ID token (with or without the claim) from the old session; they sign in again.
  if (plan.action === 'revoke') await auth.revokeRefreshTokens(user.uid)
  log(
    plan.action === 'grant'
      ? `${plan.email} is now staff in ${where}. They see /centre after signing in again, or when /centre refreshes their token.`
      : `${plan.email} is no longer staff in ${where}; their sessions were revoked (an ID token already issued lasts up to an hour).`,
  )
  return 0
}

async function invite(plan, where, { auth, log }) {
  let user
  try {
    user = await auth.getUserByEmail(plan.email)
    log(`Found the account ${plan.email} in ${where}:\n${describeAccount(user)}`)
    if (!user.emailVerified) {
      // Whoever made it never proved the address: end their sessions, so that only whoever sets the
      // password from the link below (which verifies the e-mail) gets a token that opens /centre.
      await auth.revokeRefreshTokens(user.uid)
      log('Its e-mail was not verified: its sessions were revoked.')
    }
  } catch (cause) {
    if (cause?.code !== 'auth/user-not-found') throw cause
    user = await auth.createUser({ email: plan.email, emailVerified: false })
    log(`Created the account ${plan.email} (uid ${user.uid}) in ${where}.`)
  }
  await auth.setCustomUserClaims(user.uid, nextClaims(user.customClaims, 'grant'))
  const link = await auth.generatePasswordResetLink(plan.email)
  log(`${plan.email} is now staff in ${where}; /centre opens once they set a password from this link:`)
  log(plan.emulator ? `${link}&newPassword=THEIR_PASSWORD` : link)
  log(
    plan.emulator
      ? '(The Auth emulator sets the password given as newPassword in the link, and marks the e-mail verified.)'
      : 'Send it to them only: it sets the password once, which also verifies the e-mail. Then they sign in at /login and open /centre.',
  )
  return 0
}

async function askOnTerminal(question) {
  if (!process.stdin.isTTY) return false
  const rl = createInterface({ input: process.stdin, output: process.stdout })
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim())
  } finally {
    rl.close()
  }
}

async function main() {
  const plan = planStaffCommand(process.argv.slice(2), process.env)
  if ('help' in plan) {
    console.log(USAGE)
    return
  }
  if ('error' in plan) {
    console.error(`staff: ${plan.error}\n${USAGE}`)
    process.exit(1)
  }
  if (plan.emulator) process.env.FIREBASE_AUTH_EMULATOR_HOST = plan.emulator
  const { applicationDefault, initializeApp } = await import('firebase-admin/app')
  const { getAuth } = await import('firebase-admin/auth')
  const app = initializeApp(
    plan.emulator
      ? { projectId: plan.projectId }
      : { projectId: plan.projectId, credential: applicationDefault() },
  )
  process.exitCode = await runStaff(plan, {
    auth: getAuth(app),
    confirm: askOnTerminal,
    log: (line) => console.log(line),
    error: (line) => console.error(line),
  })
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  main().catch((error) => {
    console.error(`staff: ${error?.errorInfo?.message ?? error?.message ?? error}`)
    process.exit(1)
  })
