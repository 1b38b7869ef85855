export function emulatorKind(commandLine: string): string | null
export function leftoverEmulators(procDir?: string, self?: number): { pid: number; kind: string }[]
