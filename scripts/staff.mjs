#!/usr/bin/env node
// `npm run staff -- grant EMAIL` / `npm run staff -- revoke EMAIL` / `npm run staff -- list`: gives or
// takes the custom claim staff: true that opens /centre (firestore.rules' isStaff()), with the Firebase
// Admin SDK. There is no staff sign-up in the app: a member of staff signs up (or is created) as any
// account, then is granted here. See docs/centre.md.
//
// By default against the local Auth emulator (FIREBASE_AUTH_EMULATOR_HOST, 127.0.0.1:9099 unless set;
// project demo-sunbeam). A real project only with `--project ID --real` and credentials in
// GOOGLE_APPLICATION_CREDENTIALS; anything less is refused, so a typo never changes production.
// A claim reaches the person's app at their next ID-token refresh: /centre asks for a fresh token
// when the one it holds says "not staff". A revoked member also loses their refresh tokens, so the
// claim goes at the latest when their current ID token expires (up to one hour).
import { pathToFileURL } from 'node:url'

export const DEFAULT_EMULATOR = '127.0.0.1:9099'
export const DEFAULT_PROJECT = 'demo-sunbeam'
export const USAGE =
  'Usage: npm run staff -- grant EMAIL | revoke EMAIL | list [--project ID --real]\n' +
  '  Without --real: the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST, default 127.0.0.1:9099), project demo-sunbeam.\n' +
  '  --real: a real project; needs --project ID and GOOGLE_APPLICATION_CREDENTIALS.'

/**
 * What to do, from the arguments and the environment, or `{ error }` saying why not. Pure: the tests
 * call it with made-up environments.
 * @param {readonly string[]} args
 * @param {Record<string, string | undefined>} env
 */
export function planStaffCommand(args, env) {
  const rest = [...args]
  let project = null
  let real = false
  const positional = []
  while (rest.length) {
    const arg = rest.shift()
    if (arg === '--real') real = true
    else if (arg === '--project') {
      project = rest.shift() ?? null
      if (!project || project.startsWith('--')) return { error: '--project needs a project id.' }
    } else if (arg?.startsWith('--')) return { error: `Unknown option ${arg}.` }
    else positional.push(arg)
  }
  const [action, email, ...extra] = positional
  if (action !== 'grant' && action !== 'revoke' && action !== 'list')
    return { error: 'Say grant, revoke or list.' }
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
    }
  }
  if (!project) return { error: '--real needs --project ID.' }
  if (!env.GOOGLE_APPLICATION_CREDENTIALS)
    return {
      error: '--real needs credentials: set GOOGLE_APPLICATION_CREDENTIALS to a service account key file.',
    }
  if (env.FIREBASE_AUTH_EMULATOR_HOST)
    return { error: 'FIREBASE_AUTH_EMULATOR_HOST is set, which would send --real to the emulator: unset it.' }
  return { action, email: email ?? null, projectId: project, emulator: null }
}

/** The claims after granting or revoking: other claims are kept. */
export function nextClaims(claims, action) {
  const { staff: _staff, ...others } = claims ?? {}
  return action === 'grant' ? { ...others, staff: true } : others
}

async function main() {
  const plan = planStaffCommand(process.argv.slice(2), process.env)
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
  const auth = getAuth(app)
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
          console.log(user.email ?? user.uid)
          count += 1
        }
      pageToken = page.pageToken
    } while (pageToken)
    console.log(`${count} member(s) of staff in ${where}.`)
    return
  }
  const user = await auth.getUserByEmail(plan.email)
  await auth.setCustomUserClaims(user.uid, nextClaims(user.customClaims, plan.action))
  // Revoked: no new ID token (with or without the claim) from the old session; they sign in again.
  if (plan.action === 'revoke') await auth.revokeRefreshTokens(user.uid)
  console.log(
    plan.action === 'grant'
      ? `${plan.email} is now staff in ${where}. They see /centre after signing in again, or when /centre refreshes their token.`
      : `${plan.email} is no longer staff in ${where}; their sessions were revoked (an ID token already issued lasts up to an hour).`,
  )
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  main().catch((error) => {
    console.error(`staff: ${error?.errorInfo?.message ?? error?.message ?? error}`)
    process.exit(1)
  })
