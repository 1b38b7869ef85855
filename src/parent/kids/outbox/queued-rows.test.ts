import { describe, expect, it, vi } from 'vitest'
import { QueuedRows, SEND_AGAIN } from './queued-rows'

interface Row {
  readonly id: string
  readonly userId: string
}

describe('QueuedRows', () => {
  it("sends the signed-in parent's rows, each once at a time however often it is kicked", async () => {
    const stored: Row[] = [
      { id: 'a', userId: 'u1' },
      { id: 'b', userId: 'u2' },
    ]
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const sent: string[] = []
    const rows = new QueuedRows<Row>(
      async (userId) => stored.filter((row) => row.userId === userId),
      async (row) => {
        sent.push(row.id)
        await held
        return undefined
      },
      'The rows',
    )
    rows.kick() // nobody signed in: nothing
    rows.bindUser('u1')
    rows.kick()
    rows.kick()
    await vi.waitFor(() => expect(sent).toEqual(['a']))
    release()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(sent).toEqual(['a'])
  })

  it('looks again at once when a send says a newer save came meanwhile', async () => {
    const answers: (typeof SEND_AGAIN | undefined)[] = [SEND_AGAIN, undefined]
    const sent: string[] = []
    const rows = new QueuedRows<Row>(
      async () => (answers.length > 0 ? [{ id: 'a', userId: 'u1' }] : []),
      async (row) => {
        sent.push(row.id)
        return answers.shift()
      },
      'The rows',
    )
    rows.bindUser('u1')
    await vi.waitFor(() => expect(sent).toEqual(['a', 'a']))
  })

  it('says in the log when the rows cannot be read, and does not throw', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const rows = new QueuedRows<Row>(
      async () => {
        throw new Error('IndexedDB closed')
      },
      async () => undefined,
      'The rows',
    )
    rows.bindUser('u1')
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('The rows on this device could not be read', expect.any(Error)),
    )
  })
})
