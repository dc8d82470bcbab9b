/** How much of a request's body has gone out, in bytes. */
export type UploadProgress = (sent: number, total: number) => void

function responseHeaders(xhr: XMLHttpRequest): Headers {
  const headers = new Headers()
  for (const line of xhr.getAllResponseHeaders().split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim())
  }
  return headers
}

/** Answers that may carry no body: a Response refuses one for them. */
const BODILESS = new Set([101, 204, 205, 304])

/**
 * A fetch that reports how much of its body has gone out, for the API client's `fetch` option (fetch
 * itself cannot tell an upload's progress; XMLHttpRequest can). It does what the client asks of fetch:
 * a method, headers, a body and an abort signal, and it answers with a Response. Like fetch it
 * rejects with a TypeError when no answer comes, and with the signal's reason when aborted.
 */
export function uploadFetch(onProgress: UploadProgress): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = input instanceof Request ? input.url : String(input)
      const { signal, body } = init
      if (signal?.aborted) {
        reject(signal.reason)
        return
      }
      if (body instanceof ReadableStream) {
        reject(new TypeError('a stream cannot be sent with its progress'))
        return
      }
      const xhr = new XMLHttpRequest()
      xhr.open(init.method ?? 'GET', url)
      new Headers(init.headers).forEach((value, name) => {
        xhr.setRequestHeader(name, value)
      })
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total)
      })
      const abort = () => xhr.abort()
      signal?.addEventListener('abort', abort, { once: true })
      const settle = () => signal?.removeEventListener('abort', abort)
      xhr.addEventListener('load', () => {
        settle()
        const answer = BODILESS.has(xhr.status) ? null : xhr.responseText
        try {
          resolve(new Response(answer, { status: xhr.status, headers: responseHeaders(xhr) }))
        } catch (error) {
          reject(error)
        }
      })
      xhr.addEventListener('error', () => {
        settle()
        reject(new TypeError('upload failed: no answer'))
      })
      xhr.addEventListener('abort', () => {
        settle()
        reject(signal?.reason ?? new DOMException('upload aborted', 'AbortError'))
      })
      xhr.send(body ?? null)
    })
}
