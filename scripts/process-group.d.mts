import type { ChildProcess, SpawnOptions } from 'node:child_process'

export function spawnGroup(command: string, args: readonly string[], options?: SpawnOptions): ChildProcess
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void
export function descendantsOf(rootPid: number, procDir?: string): { pid: number; start: string }[]
export function stillRunning(process: { pid: number; start: string }, procDir?: string): boolean
export function stopGroupWithThisProcess(
  child: ChildProcess,
  options?: { onStop?: () => void; pollMs?: number; signals?: NodeJS.Signals[] },
): { readonly stopping: boolean; readonly done: Promise<void> }
