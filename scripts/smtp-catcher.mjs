#!/usr/bin/env node
// A local SMTP server that keeps every e-mail it is given and sends none on: the functions' SMTP_URL on
// the emulators (`npm start` and the browser suite's online world). Each e-mail is printed as one line
// (to, subject, its first link) and appended as JSON to a file the tests read.
//
//   node scripts/smtp-catcher.mjs [--port 2525] [--file test-results/mail.jsonl]
//
// (smtp-server receives, mailparser reads the MIME: the words as nodemailer encoded them.)
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** The addresses of a parsed header, as plain strings. */
function addresses(value) {
  const list = Array.isArray(value) ? value : value ? [value] : []
  return list.flatMap((entry) => entry.value.map((address) => address.address ?? ''))
}

/**
 * Starts the catcher on 127.0.0.1:`port`; resolves once it listens, with stop(). `file` gets one JSON
 * line per e-mail ({ to, from, subject, text, html, links, headers, at }); `log` one line per e-mail.
 */
export async function startSmtpCatcher({ port, file, log = console.log }) {
  if (file) {
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, '')
  }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'Sunbeam local SMTP catcher: nothing is sent on',
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const text = mail.text ?? ''
          const links = text.match(/https?:\/\/[^\s<>"]+/g) ?? []
          const record = {
            to: addresses(mail.to),
            from: mail.from?.text ?? '',
            subject: mail.subject ?? '',
            text,
            html: typeof mail.html === 'string' ? mail.html : '',
            links,
            // As sent (mailparser reads some of these into objects): 'list-unsubscribe': '<https://…>'.
            headers: Object.fromEntries(
              mail.headerLines
                .filter(({ key }) => key.startsWith('list-'))
                .map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).trim()]),
            ),
            at: new Date().toISOString(),
          }
          if (file) appendFileSync(file, `${JSON.stringify(record)}\n`)
          log(`  E-mail to ${record.to.join(', ')}: "${record.subject}" ${links[0] ?? ''}`)
          callback()
        })
        .catch((error) => callback(error))
    },
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  return { stop: () => new Promise((resolve) => server.close(resolve)) }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name, fallback) => {
    const at = process.argv.indexOf(`--${name}`)
    return at > 0 ? process.argv[at + 1] : fallback
  }
  const port = Number(arg('port', process.env.SMTP_CATCHER_PORT ?? 2525))
  const file = arg('file', undefined)
  await startSmtpCatcher({ port, file })
  console.log(`SMTP catcher on smtp://127.0.0.1:${port}${file ? `, e-mails kept in ${file}` : ''}`)
}
