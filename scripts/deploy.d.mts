export const CORS_FILE: string
export const DEPLOY_CONFIG: string
export interface DeployConfig {
  projectId: string
  bucket: string
  origins: string[]
  appCheck: boolean
}
export function originOf(value: string): string | null
export function checkDeployConfig(
  env: Record<string, string | undefined>,
  options?: { withoutAppCheck?: boolean },
): { problems: string[]; config: DeployConfig }
export function corsConfig(
  origins: readonly string[],
): { origin: string[]; method: string[]; responseHeader: string[]; maxAgeSeconds: number }[]
export const APP_CHECK_SOURCES: Record<string, string[]>
export function withSources(policy: string, additions: Record<string, readonly string[]>): string
export function deployConfig<T>(
  firebaseConfig: T,
  options: { appCheck: boolean; projectId?: string; bucket?: string | null },
): T
export const FUNCTIONS_REGION: string
export function functionsOrigin(projectId: string): string
export function deploySteps(config: Pick<DeployConfig, 'projectId' | 'bucket'>): {
  what: string
  command: string
  args: string[]
}[]
