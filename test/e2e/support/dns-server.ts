import dgram from 'node:dgram'

/**
 * A DNS server for one test: it answers A queries for the names it was given (with a TTL of one
 * second, so a resolver asks again a second later), NXDOMAIN for others and an empty answer for any
 * other record type, and counts the queries per name. Enough for nginx's resolver, nothing more.
 */
export interface DnsServer {
  /** `127.0.0.1:<port>`, as nginx's `resolver` takes it. */
  address: string
  /** Answers `name` with `ip` from now on. */
  answer(name: string, ip: string): void
  /** How many queries for `name` arrived so far. */
  queries(name: string): number
  close(): Promise<void>
}

const TTL_SECONDS = 1
const TYPE_A = 1
const CLASS_IN = 1

/** The question's name (lower case), type and where the question ends, or undefined if malformed. */
function readQuestion(message: Buffer): { name: string; type: number; end: number } | undefined {
  const labels: string[] = []
  let offset = 12
  while (offset < message.length) {
    const length = message[offset] ?? 0
    offset += 1
    if (length === 0) break
    // Compression pointers (the top two bits) never occur in a query's only question.
    if (length >= 0xc0 || offset + length > message.length) return undefined
    labels.push(message.toString('latin1', offset, offset + length))
    offset += length
  }
  if (offset + 4 > message.length) return undefined
  return { name: labels.join('.').toLowerCase(), type: message.readUInt16BE(offset), end: offset + 4 }
}

function reply(query: Buffer, question: { end: number }, rcode: number, ip: string | undefined): Buffer {
  const header = Buffer.alloc(12)
  header.writeUInt16BE(query.readUInt16BE(0), 0)
  // A response (QR), recursion desired copied, recursion available, the given code.
  header.writeUInt16BE(0x8000 | (query.readUInt16BE(2) & 0x0100) | 0x0080 | rcode, 2)
  header.writeUInt16BE(1, 4)
  header.writeUInt16BE(ip === undefined ? 0 : 1, 6)
  const parts = [header, query.subarray(12, question.end)]
  if (ip !== undefined) {
    const record = Buffer.alloc(16)
    // The name as a pointer to the question's, at offset 12.
    record.writeUInt16BE(0xc00c, 0)
    record.writeUInt16BE(TYPE_A, 2)
    record.writeUInt16BE(CLASS_IN, 4)
    record.writeUInt32BE(TTL_SECONDS, 6)
    record.writeUInt16BE(4, 10)
    ip.split('.').forEach((octet, index) => {
      record.writeUInt8(Number(octet), 12 + index)
    })
    parts.push(record)
  }
  return Buffer.concat(parts)
}

export async function startDnsServer(): Promise<DnsServer> {
  const socket = dgram.createSocket('udp4')
  const answers = new Map<string, string>()
  const counts = new Map<string, number>()
  socket.on('message', (message, remote) => {
    const question = readQuestion(message)
    if (!question) return
    counts.set(question.name, (counts.get(question.name) ?? 0) + 1)
    const ip = answers.get(question.name)
    const response =
      ip === undefined
        ? reply(message, question, 3, undefined)
        : reply(message, question, 0, question.type === TYPE_A ? ip : undefined)
    socket.send(response, remote.port, remote.address)
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject)
    socket.bind(0, '127.0.0.1', () => resolve())
  })
  return {
    address: `127.0.0.1:${socket.address().port}`,
    answer: (name, ip) => answers.set(name.toLowerCase(), ip),
    queries: (name) => counts.get(name.toLowerCase()) ?? 0,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  }
}
