import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface LoopbackServer {
  port: number
  close(): Promise<void>
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error)
    server.once('error', onError)
    server.listen({ port, host }, () => {
      server.off('error', onError)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

function closeServer(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve()
  // Browsers keep sockets alive; without this, close() waits for them to time out.
  server.closeAllConnections()
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
}

/**
 * Listens on 127.0.0.1 and, where the machine has IPv6, on ::1 with the same port: `localhost` resolves
 * to either depending on the client, and the sandbox must not be reachable from outside the machine.
 */
export async function listenOnLoopback(handler: RequestListener, port: number): Promise<LoopbackServer> {
  const v4 = createServer(handler)
  const actualPort = await listen(v4, port, '127.0.0.1')
  const servers = [v4]
  const v6 = createServer(handler)
  try {
    await listen(v6, actualPort, '::1')
    servers.push(v6)
  } catch {
    // No IPv6 loopback here (or the port is taken on it): 127.0.0.1 alone still serves localhost.
  }
  return {
    port: actualPort,
    close: async () => {
      await Promise.all(servers.map(closeServer))
    },
  }
}
