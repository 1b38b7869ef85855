#!/usr/bin/env node
// `npm run deploy` (docs/deploy.md): deploys the site, its rules, the Cloud Functions and the bucket's
// CORS to the real Firebase project configured in VITE_FIREBASE_* (.env.production.local, as `vite build`
// reads it).
//
// 1. Reads and checks the configuration: every web-config value present, no demo- project, no emulators,
//    a real site address (VITE_SITE_URL), and App Check's site key (or --without-app-check).
// 2. Writes the bucket's CORS (storage.cors.generated.json) from the site's origins: VITE_SITE_URL, the
//    project's own Hosting domains and SUNBEAM_SITE_ORIGINS. Nothing placeholder is committed.
// 3. Runs the rules tests (scripts/test-emulators.mjs).
// 4. Builds (`npm run build`: the site into dist/, the Cloud Functions into functions/lib/).
// 5. Writes firebase.deploy.json: firebase.json with, when App Check is on, reCAPTCHA's sources added to
//    the Content-Security-Policy (withAppCheckSources), and runs `firebase deploy` with it.
// 6. Sets the bucket's CORS (`gcloud storage buckets update --cors-file`).
// `--dry-run` checks and writes the files, then prints each command instead of running it.
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { servedConfig } from './hosting-config.mjs'

export const CORS_FILE = 'storage.cors.generated.json'
export const DEPLOY_CONFIG = 'firebase.deploy.json'

const REQUIRED = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_STORAGE_BUCKET',
  'VITE_FIREBASE_MESSAGING_SENDER_ID',
  'VITE_FIREBASE_APP_ID',
]

/** The values src/firebase/firebase-config.ts and src/marketing/page-meta.ts fall back to. */
const PLACEHOLDERS = new Set([
  'demo-api-key',
  'demo-sunbeam.firebaseapp.com',
  'demo-sunbeam.appspot.com',
  '000000000000',
  '1:000000000000:web:0000000000000000',
])

/** An https origin (scheme, host, optional port; no path), or null. */
export function originOf(value) {
  let url
  try {
    url = new URL(value.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null
  if (url.pathname !== '/' || url.search || url.hash) return null
  return url.origin
}

/**
 * Checks the deploy's configuration. Returns { problems, config }: each problem is a sentence for the
 * person deploying; config is what the deploy uses when there is none.
 * @param {Record<string, string | undefined>} env VITE_ variables (loadEnv) and the process's environment
 * @param {{ withoutAppCheck?: boolean }} options
 */
export function checkDeployConfig(env, { withoutAppCheck = false } = {}) {
  const problems = []
  const value = (name) => (env[name] ?? '').trim()
  for (const name of REQUIRED) {
    if (!value(name)) problems.push(`${name} is not set.`)
    else if (PLACEHOLDERS.has(value(name))) problems.push(`${name} is the demo placeholder "${value(name)}".`)
  }
  const projectId = value('VITE_FIREBASE_PROJECT_ID')
  if (projectId.startsWith('demo-'))
    problems.push(`VITE_FIREBASE_PROJECT_ID is "${projectId}": demo- projects exist only in the emulators.`)
  if (value('VITE_FIREBASE_USE_EMULATORS') === 'true')
    problems.push('VITE_FIREBASE_USE_EMULATORS is "true": the site would talk to the local emulators.')
  for (const name of [
    'VITE_FIREBASE_FIRESTORE_EMULATOR_PORT',
    'VITE_FIREBASE_AUTH_EMULATOR_PORT',
    'VITE_FIREBASE_FUNCTIONS_EMULATOR_PORT',
  ])
    if (value(name)) problems.push(`${name} is set: that is for the local test builds only.`)

  const siteUrl = value('VITE_SITE_URL')
  const siteOrigin = siteUrl ? originOf(siteUrl.replace(/\/+$/, '/')) : null
  if (!siteUrl)
    problems.push("VITE_SITE_URL is not set: the site's address (canonical links, sitemap, CORS).")
  else if (!siteOrigin || siteOrigin.endsWith('.example'))
    problems.push(`VITE_SITE_URL "${siteUrl}" is not the https address of the site.`)

  const extra = value('SUNBEAM_SITE_ORIGINS')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
  const extraOrigins = []
  for (const origin of extra) {
    const checked = originOf(origin)
    if (!checked || origin.includes('*'))
      problems.push(
        `SUNBEAM_SITE_ORIGINS: "${origin}" is not an https origin (https://host[:port], no path).`,
      )
    else extraOrigins.push(checked)
  }

  const appCheckSiteKey = value('VITE_FIREBASE_APPCHECK_SITE_KEY')
  if (!appCheckSiteKey && !withoutAppCheck)
    problems.push(
      'VITE_FIREBASE_APPCHECK_SITE_KEY is not set: without App Check anyone can write inquiries with a script. ' +
        'Set it (docs/deploy.md), or pass --without-app-check to deploy without it knowingly.',
    )
  if (value('VITE_FIREBASE_APPCHECK_DEBUG_TOKEN'))
    problems.push('VITE_FIREBASE_APPCHECK_DEBUG_TOKEN is set: a debug token must never ship in the site.')

  const origins = [
    ...new Set([
      ...(siteOrigin ? [siteOrigin] : []),
      ...(projectId ? [`https://${projectId}.web.app`, `https://${projectId}.firebaseapp.com`] : []),
      ...extraOrigins,
    ]),
  ]
  return {
    problems,
    config: {
      projectId,
      bucket: value('VITE_FIREBASE_STORAGE_BUCKET'),
      origins,
      appCheck: !!appCheckSiteKey,
    },
  }
}

/** The bucket's CORS: the site's origins may GET (getBlob) the photos; nothing else. */
export function corsConfig(origins) {
  if (origins.length === 0) throw new Error('CORS needs at least one origin')
  return [
    {
      origin: [...origins],
      method: ['GET'],
      responseHeader: ['Content-Type', 'Cache-Control'],
      maxAgeSeconds: 3600,
    },
  ]
}

/**
 * What App Check with reCAPTCHA Enterprise adds to the Content-Security-Policy (docs/decisions/0021):
 * reCAPTCHA's scripts and frames, App Check's token exchange, and the Trusted Types policies that load
 * reCAPTCHA (src/firebase/firebase-app-check.ts) and that reCAPTCHA's own script makes (`goog#html`, Google's
 * Closure library's name; not verifiable offline: see docs/deploy.md, 'After the first deploy').
 */
export const APP_CHECK_SOURCES = {
  // The one script the app loads (src/firebase/firebase-app-check.ts: a source without a trailing '/'
  // matches that path only, whatever its query), and the versioned release files it loads in turn
  // (www.gstatic.com/recaptcha/releases/{version}/recaptcha__{lang}.js: the version changes, so the
  // releases folder), not Google's whole /recaptcha/ paths.
  'script-src': [
    'https://www.google.com/recaptcha/enterprise.js',
    'https://www.gstatic.com/recaptcha/releases/',
  ],
  // Its two frames, on either of its hosts.
  'frame-src': [
    'https://www.google.com/recaptcha/enterprise/anchor',
    'https://www.google.com/recaptcha/enterprise/bframe',
    'https://recaptcha.google.com/recaptcha/enterprise/anchor',
    'https://recaptcha.google.com/recaptcha/enterprise/bframe',
  ],
  'connect-src': ['https://content-firebaseappcheck.googleapis.com'],
  'trusted-types': ['sunbeam-recaptcha', 'goog#html'],
}

/** A policy with `additions` (directive -> sources) added; a 'none' source is replaced. */
export function withSources(policy, additions) {
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
  for (const [name, sources] of Object.entries(additions)) {
    const index = directives.findIndex((directive) => directive.split(/\s+/)[0] === name)
    if (index === -1) throw new Error(`the Content-Security-Policy has no ${name} directive`)
    const present = (directives[index] ?? '')
      .split(/\s+/)
      .slice(1)
      .filter((source) => source !== "'none'")
    directives[index] = [name, ...present, ...sources.filter((source) => !present.includes(source))].join(' ')
  }
  return directives.join('; ')
}

/**
 * firebase.json's config for the deploy: the Storage rules go to the configured bucket (the one whose
 * CORS is set, VITE_FIREBASE_STORAGE_BUCKET; without it Firebase picks the project's default bucket),
 * the functions' origin is added to connect-src, and App Check's sources to every policy when it is on.
 */
export function deployConfig(firebaseConfig, { appCheck, projectId, bucket = null }) {
  const config = structuredClone(firebaseConfig)
  if (bucket && config.storage && !Array.isArray(config.storage))
    config.storage = [{ ...config.storage, bucket }]
  const sources = { ...(appCheck ? APP_CHECK_SOURCES : {}) }
  if (projectId) sources['connect-src'] = [...(sources['connect-src'] ?? []), functionsOrigin(projectId)]
  if (Object.keys(sources).length === 0) return config
  for (const rule of config.hosting?.headers ?? [])
    for (const header of rule.headers)
      if (header.key.toLowerCase() === 'content-security-policy')
        header.value = withSources(header.value, sources)
  return config
}

/** The functions' region: src/shared/config/functions-region.ts's (deploy.test.ts checks they agree). */
export const FUNCTIONS_REGION = 'europe-west1'

/** Where the app calls the project's callable functions (Quick Inquire's submitInquiry). */
export function functionsOrigin(projectId) {
  return `https://${FUNCTIONS_REGION}-${projectId}.cloudfunctions.net`
}

/** The commands, in order, for a checked config. */
export function deploySteps({ projectId, bucket }) {
  return [
    { what: 'Run the rules tests', command: process.execPath, args: ['scripts/test-emulators.mjs'] },
    {
      what: 'Build the site into dist/ and the functions into functions/lib/',
      command: 'npm',
      args: ['run', 'build'],
    },
    {
      what: 'Deploy Hosting, the Firestore rules and indexes, the Storage rules and the Cloud Functions',
      command: 'npx',
      args: [
        'firebase',
        'deploy',
        '--project',
        projectId,
        '--config',
        DEPLOY_CONFIG,
        '--only',
        'hosting,firestore,storage,functions',
      ],
    },
    {
      what: "Set the bucket's CORS (the site reads photos with getBlob)",
      command: 'gcloud',
      args: ['storage', 'buckets', 'update', `gs://${bucket}`, `--cors-file=${CORS_FILE}`],
    },
  ]
}

/** scripts/test-emulators.mjs exits with 2 when some tests did not run (no emulator for them). */
const NOT_RUN = 2

async function main(argv) {
  const dryRun = argv.includes('--dry-run')
  const withoutAppCheck = argv.includes('--without-app-check')
  const unknown = argv.filter((arg) => !['--dry-run', '--without-app-check'].includes(arg))
  if (unknown.length) {
    console.error(
      `Unknown option ${unknown.join(' ')}. Usage: npm run deploy [-- --dry-run] [--without-app-check]`,
    )
    process.exit(1)
  }
  // The same variables `vite build` reads for a production build (.env, .env.production(.local), and
  // the environment), plus SUNBEAM_SITE_ORIGINS.
  const { loadEnv } = await import('vite')
  const env = { ...loadEnv('production', process.cwd(), ['VITE_', 'SUNBEAM_']), ...process.env }
  const { problems, config } = checkDeployConfig(env, { withoutAppCheck })
  if (problems.length) {
    console.error(
      [
        'Not deploying: the configuration is not a real project (docs/deploy.md).',
        ...problems.map((p) => `  - ${p}`),
      ].join('\n'),
    )
    process.exit(1)
  }
  writeFileSync(CORS_FILE, `${JSON.stringify(corsConfig(config.origins), null, 2)}\n`)
  console.log(
    `Project ${config.projectId}, bucket ${config.bucket}, App Check ${config.appCheck ? 'on' : 'OFF'}.`,
  )
  console.log(`Wrote ${CORS_FILE}: GET from ${config.origins.join(', ')}.`)

  const runEnv = { ...process.env }
  // The build for the real project: no test build's folder or emulator port.
  delete runEnv.SUNBEAM_OUT_DIR
  delete runEnv.VITE_FIREBASE_FIRESTORE_EMULATOR_PORT
  for (const [index, step] of deploySteps(config).entries()) {
    const line = `${index + 1}. ${step.what}: ${[step.command === process.execPath ? 'node' : step.command, ...step.args].join(' ')}`
    if (step.args.includes('deploy') && !dryRun) {
      // After the build: the policy allows the inline script and styles of this build's pages by hash.
      const firebaseConfig = await servedConfig({ outDir: 'dist' })
      writeFileSync(DEPLOY_CONFIG, `${JSON.stringify(deployConfig(firebaseConfig, config), null, 2)}\n`)
      console.log(
        `   (wrote ${DEPLOY_CONFIG}: firebase.json with the build's hashes, the functions' origin${config.appCheck ? " and App Check's sources" : ''} in the policy)`,
      )
    } else if (step.args.includes('deploy')) {
      console.log(
        `   (would write ${DEPLOY_CONFIG}: firebase.json with the build's hashes, the functions' origin${config.appCheck ? " and App Check's sources" : ''} in the policy)`,
      )
    }
    console.log(dryRun ? `[dry run] ${line}` : line)
    if (dryRun) continue
    const result = spawnSync(step.command, step.args, { stdio: 'inherit', env: runEnv })
    const status = result.status ?? 1
    if (status === NOT_RUN && step.args[0] === 'scripts/test-emulators.mjs') {
      if (runEnv.SUNBEAM_DEPLOY_UNTESTED_RULES === 'yes') {
        console.warn(
          'Some rules tests did NOT RUN here; deploying anyway (SUNBEAM_DEPLOY_UNTESTED_RULES=yes).',
        )
        continue
      }
      console.error('Not deploying: some rules tests did NOT RUN here (docs/decisions/0007); see above.')
      process.exit(1)
    }
    if (status !== 0) {
      console.error(`Not deploying further: "${step.what}" failed (exit code ${status}).`)
      process.exit(1)
    }
  }
  if (dryRun) console.log('Dry run: nothing was run or deployed.')
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main(process.argv.slice(2))
