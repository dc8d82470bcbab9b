export declare const nginxPath: string

export interface NginxOptions {
  /** The build to serve. */
  dir: string
  port: number
  /** Where /api goes: the sandbox API's http URL. */
  apiUrl: string
  /** The identity provider's origin, written into the security headers. */
  identityOrigin: string
  /** Where logos may load from (config.json's imageOrigins); none by default. */
  imageOrigins?: string[]
  /** The body of /config.json. */
  configJson: string
  /** Also serve the identity provider (its plain-http `upstream`) over HTTPS on 127.0.0.1:`port`. */
  identityProxy?: { port: number; upstream: string }
}

export interface NginxServer {
  /** Chromium flags that make it trust this server's certificate (and only it). */
  chromiumTrustArgs: string[]
  /** Base64 SHA-256 of the certificate's public key. */
  spki: string
  close(): Promise<void>
}

/** Serves a build with Debian's nginx and deploy/nginx.conf rendered for 127.0.0.1:port. */
export declare function startNginx(options: NginxOptions): Promise<NginxServer>
