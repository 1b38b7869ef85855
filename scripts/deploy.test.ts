// @vitest-environment node
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FUNCTIONS_REGION as APP_FUNCTIONS_REGION } from '#shared/config/functions-region'
import {
  APP_CHECK_SOURCES,
  CORS_FILE,
  checkDeployConfig,
  corsConfig,
  DEPLOY_CONFIG,
  deployConfig,
  deploySteps,
  FUNCTIONS_REGION,
  functionsOrigin,
  originOf,
  withSources,
} from './deploy.mjs'

const real = {
  VITE_FIREBASE_API_KEY: 'AIzaSyExample',
  VITE_FIREBASE_AUTH_DOMAIN: 'sunbeam-prod.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'sunbeam-prod',
  VITE_FIREBASE_STORAGE_BUCKET: 'sunbeam-prod.firebasestorage.app',
  VITE_FIREBASE_MESSAGING_SENDER_ID: '123456789012',
  VITE_FIREBASE_APP_ID: '1:123456789012:web:abcdef',
  VITE_SITE_URL: 'https://sunbeam-daycare.co.uk/',
  VITE_FIREBASE_APPCHECK_SITE_KEY: '6LcExampleKey',
}

describe('checkDeployConfig', () => {
  it("accepts a real project's config, with the site's and the project's origins", () => {
    const { problems, config } = checkDeployConfig({
      ...real,
      SUNBEAM_SITE_ORIGINS: 'https://www.sunbeam-daycare.co.uk, https://sunbeam-daycare.co.uk',
    })
    expect(problems).toEqual([])
    expect(config).toEqual({
      projectId: 'sunbeam-prod',
      bucket: 'sunbeam-prod.firebasestorage.app',
      origins: [
        'https://sunbeam-daycare.co.uk',
        'https://sunbeam-prod.web.app',
        'https://sunbeam-prod.firebaseapp.com',
        'https://www.sunbeam-daycare.co.uk',
      ],
      appCheck: true,
    })
  })

  it('refuses a missing configuration, naming each missing value', () => {
    const { problems } = checkDeployConfig({})
    for (const name of Object.keys(real)) expect(problems.join('\n')).toContain(name)
  })

  it('refuses a demo project, the placeholders, the emulators and the placeholder site', () => {
    const { problems } = checkDeployConfig({
      ...real,
      VITE_FIREBASE_PROJECT_ID: 'demo-sunbeam',
      VITE_FIREBASE_API_KEY: 'demo-api-key',
      VITE_FIREBASE_USE_EMULATORS: 'true',
      VITE_FIREBASE_FIRESTORE_EMULATOR_PORT: '8085',
      VITE_SITE_URL: 'https://sunbeam-daycare.example',
    })
    expect(problems).toEqual([
      'VITE_FIREBASE_API_KEY is the demo placeholder "demo-api-key".',
      'VITE_FIREBASE_PROJECT_ID is "demo-sunbeam": demo- projects exist only in the emulators.',
      'VITE_FIREBASE_USE_EMULATORS is "true": the site would talk to the local emulators.',
      'VITE_FIREBASE_FIRESTORE_EMULATOR_PORT is set: that is for the local test builds only.',
      'VITE_SITE_URL "https://sunbeam-daycare.example" is not the https address of the site.',
    ])
  })

  it('refuses origins that are not https origins, and a site address over http', () => {
    const { problems } = checkDeployConfig({
      ...real,
      VITE_SITE_URL: 'http://sunbeam-daycare.co.uk',
      SUNBEAM_SITE_ORIGINS: 'https://*.example.com,https://ok.example.com/path,ftp://x.example',
    })
    expect(problems).toHaveLength(4)
    expect(problems[0]).toMatch(/VITE_SITE_URL .* not the https address/)
    for (const problem of problems.slice(1))
      expect(problem).toMatch(/^SUNBEAM_SITE_ORIGINS: .* is not an https origin/)
  })

  it('asks for App Check unless told to deploy without it, and refuses a debug token', () => {
    const { VITE_FIREBASE_APPCHECK_SITE_KEY: _key, ...withoutKey } = real
    expect(checkDeployConfig(withoutKey).problems.join('\n')).toMatch(
      /APPCHECK_SITE_KEY is not set.*--without-app-check/,
    )
    const knowingly = checkDeployConfig(withoutKey, { withoutAppCheck: true })
    expect(knowingly.problems).toEqual([])
    expect(knowingly.config.appCheck).toBe(false)
    expect(checkDeployConfig({ ...real, VITE_FIREBASE_APPCHECK_DEBUG_TOKEN: 'x' }).problems).toEqual([
      'VITE_FIREBASE_APPCHECK_DEBUG_TOKEN is set: a debug token must never ship in the site.',
    ])
  })
})

describe('originOf', () => {
  it('is the origin of an https address without a path, else null', () => {
    expect(originOf('https://a.example:8443')).toBe('https://a.example:8443')
    expect(originOf(' https://A.example/ ')).toBe('https://a.example')
    for (const bad of ['http://a.example', 'https://a.example/x', 'https://u:p@a.example', 'a.example', ''])
      expect(originOf(bad)).toBeNull()
  })
})

describe('corsConfig', () => {
  it('lets exactly those origins GET the photos', () => {
    expect(corsConfig(['https://a.example'])).toEqual([
      {
        origin: ['https://a.example'],
        method: ['GET'],
        responseHeader: ['Content-Type', 'Cache-Control'],
        maxAgeSeconds: 3600,
      },
    ])
    expect(() => corsConfig([])).toThrow()
  })
})

describe('deployConfig', () => {
  const firebaseConfig = JSON.parse(readFileSync(resolve('firebase.json'), 'utf8'))
  const policyOf = (config: typeof firebaseConfig): string =>
    config.hosting.headers
      .flatMap((rule: { headers: { key: string; value: string }[] }) => rule.headers)
      .find((header: { key: string }) => header.key === 'Content-Security-Policy').value

  it('is firebase.json as it is without App Check', () => {
    expect(deployConfig(firebaseConfig, { appCheck: false })).toEqual(firebaseConfig)
  })

  it('sends the Storage rules to the configured bucket, the one whose CORS is set', () => {
    const config = deployConfig(firebaseConfig, {
      appCheck: false,
      bucket: 'sunbeam-prod.firebasestorage.app',
    })
    expect(config.storage).toEqual([
      { ...firebaseConfig.storage, bucket: 'sunbeam-prod.firebasestorage.app' },
    ])
    expect(firebaseConfig.storage.bucket).toBeUndefined()
    // Control: everything else as in firebase.json.
    expect({ ...config, storage: firebaseConfig.storage }).toEqual(firebaseConfig)
  })

  it("names reCAPTCHA's exact files and frames, not Google's whole /recaptcha/ paths", () => {
    for (const sources of [APP_CHECK_SOURCES['script-src'], APP_CHECK_SOURCES['frame-src']])
      for (const source of sources ?? [])
        expect(source, source).not.toMatch(
          /^https:\/\/(www\.google|www\.gstatic|recaptcha\.google)\.com\/recaptcha\/$/,
        )
    expect(APP_CHECK_SOURCES['script-src']).toContain('https://www.google.com/recaptcha/enterprise.js')
    // The script the app loads (src/firebase/firebase-app-check.ts) is the one allowed (its query aside).
    const appCheck = readFileSync(resolve('src/firebase/firebase-app-check.ts'), 'utf8')
    expect(appCheck.match(/RECAPTCHA_ENTERPRISE_URL = '([^'?]+)/)?.[1]).toBe(
      'https://www.google.com/recaptcha/enterprise.js',
    )
  })

  it("adds reCAPTCHA's and App Check's sources with App Check, leaving firebase.json's object alone", () => {
    const before = policyOf(firebaseConfig)
    const after = policyOf(deployConfig(firebaseConfig, { appCheck: true }))
    expect(policyOf(firebaseConfig)).toBe(before)
    const directive = (policy: string, name: string) =>
      policy
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .find(([first]) => first === name)
        ?.slice(1)
    for (const [name, sources] of Object.entries(APP_CHECK_SOURCES))
      expect(directive(after, name)).toEqual(
        expect.arrayContaining([
          ...(directive(before, name) ?? []).filter((s) => s !== "'none'"),
          ...sources,
        ]),
      )
    expect(directive(after, 'frame-src')).not.toContain("'none'")
    expect(directive(after, 'style-src')).toEqual(directive(before, 'style-src'))
    expect(after).not.toContain("'unsafe-inline'")
    // The rest of the config (rewrites, rules) is what firebase.json says.
    expect(deployConfig(firebaseConfig, { appCheck: true }).hosting.rewrites).toEqual(
      firebaseConfig.hosting.rewrites,
    )
  })

  it('refuses a policy without a directive to add to', () => {
    expect(() => withSources("default-src 'self'", { 'script-src': ['https://x.example'] })).toThrow(
      /no script-src/,
    )
  })
})

describe('the functions in the policy', () => {
  type Config = { hosting: { headers: { headers: { key: string; value: string }[] }[] } }
  const firebaseConfig = JSON.parse(readFileSync(resolve('firebase.json'), 'utf8')) as Config
  it("adds the project's functions origin to connect-src, beside App Check's, in the functions' region", () => {
    const policy = (config: Config) =>
      config.hosting.headers
        .flatMap((rule) => rule.headers)
        .find((header) => header.key === 'Content-Security-Policy')?.value ?? ''
    const connect = (config: Config) => /connect-src ([^;]*)/.exec(policy(config))?.[1] ?? ''
    const both = connect(deployConfig(firebaseConfig, { appCheck: true, projectId: 'sunbeam-prod' }))
    expect(both).toContain('https://content-firebaseappcheck.googleapis.com')
    expect(both).toContain('https://europe-west1-sunbeam-prod.cloudfunctions.net')
    expect(connect(deployConfig(firebaseConfig, { appCheck: false, projectId: 'sunbeam-prod' }))).toBe(
      `${connect(firebaseConfig)} https://europe-west1-sunbeam-prod.cloudfunctions.net`,
    )
    expect(FUNCTIONS_REGION).toBe(APP_FUNCTIONS_REGION)
    expect(functionsOrigin('p')).toBe('https://europe-west1-p.cloudfunctions.net')
  })
})

describe('deploySteps', () => {
  it('tests the rules, builds, deploys with the generated config, then sets the CORS', () => {
    const steps = deploySteps({ projectId: 'sunbeam-prod', bucket: 'sunbeam-prod.firebasestorage.app' })
    expect(
      steps.map((step) => [step.command.endsWith('node') ? 'node' : step.command, ...step.args].join(' ')),
    ).toEqual([
      'node scripts/test-emulators.mjs',
      'npm run build',
      `npx firebase deploy --project sunbeam-prod --config ${DEPLOY_CONFIG} --only hosting,firestore,storage,functions`,
      `gcloud storage buckets update gs://sunbeam-prod.firebasestorage.app --cors-file=${CORS_FILE}`,
    ])
  })
})
