import type { ChildProcess, SpawnOptions } from 'node:child_process'

export function spawnGroup(command: string, args: readonly string[], options?: SpawnOptions): ChildProcess
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void
export function stopGroupWithThisProcess(
  child: ChildProcess,
  options?: { graceMs?: number; onStop?: () => void },
): { readonly stopping: boolean }
