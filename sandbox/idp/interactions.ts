import type { IncomingMessage, ServerResponse } from 'node:http'
import type { errors, Provider } from 'oidc-provider'
import { PASSWORD } from '../data/ids'
import { readBody, sendHtml } from './node-io'
import { renderLoginPage, renderMessagePage } from './pages'
import type { AccountDirectory } from './provider-config'

/*
 * The sign-in interaction: our own sign-in page (username and password), and consent granted
 * without asking, since the portal is a first-party client.
 */

export const INCORRECT_CREDENTIALS = 'Incorrect username or password.'
export const ACCOUNT_DEACTIVATED = 'This account has been deactivated. Ask an administrator of your merchant.'

interface InteractionOptions {
  accounts: AccountDirectory
  quiet: boolean
  /** Whether `password` is the user's current one; without it every persona's password is `sandbox`. */
  checkPassword?(username: string, password: string): boolean
  /** oidc-provider's error for an interaction whose session is gone. */
  SessionNotFound: typeof errors.SessionNotFound
  /** The platform's clock (ms since the epoch): a sign-in happens at its now, not the real clock's. */
  now(): number
}

/**
 * Answers `/interaction/:uid` (the page) and `/interaction/:uid/login` (its form); false for any
 * other path.
 */
export function interactionHandler(provider: Provider, options: InteractionOptions) {
  const { accounts, SessionNotFound } = options

  async function showInteraction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res)
    if (details.prompt.name === 'login') {
      sendHtml(res, 200, renderLoginPage({ uid: details.uid }))
      return
    }
    // First-party client: consent is implied, so grant whatever the portal asked for.
    const accountId = details.session?.accountId
    const clientId = details.params.client_id
    if (details.prompt.name !== 'consent' || !accountId || typeof clientId !== 'string') {
      sendHtml(res, 400, renderMessagePage('Sign-in problem', 'Unexpected sign-in step.'))
      return
    }
    const grant = new provider.Grant({ accountId, clientId })
    const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = details.prompt.details
    if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '))
    if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims)
    for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '))
    }
    const grantId = await grant.save()
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true })
  }

  async function submitLogin(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res)
    const form = new URLSearchParams(await readBody(req))
    const username = form.get('username') ?? ''
    const account = accounts.byUsername(username)
    if (details.prompt.name !== 'login') {
      sendHtml(
        res,
        400,
        renderMessagePage('Sign-in problem', 'This sign-in step has already been completed.'),
      )
      return
    }
    const password = form.get('password') ?? ''
    const checkPassword = options.checkPassword ?? ((_username: string, given: string) => given === PASSWORD)
    if (!account || !checkPassword(account.username, password)) {
      sendHtml(res, 401, renderLoginPage({ uid: details.uid, username, error: INCORRECT_CREDENTIALS }))
      return
    }
    if (!account.active) {
      sendHtml(res, 403, renderLoginPage({ uid: details.uid, username, error: ACCOUNT_DEACTIVATED }))
      return
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.id, ts: Math.floor(options.now() / 1000) } },
      { mergeWithLastSubmission: false },
    )
  }

  async function handleInteraction(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
  ): Promise<boolean> {
    const match = /^\/interaction\/([^/]+)(\/login)?$/.exec(path)
    if (!match) return false
    res.setHeader('Cache-Control', 'no-store')
    try {
      if (req.method === 'GET' && !match[2]) await showInteraction(req, res)
      else if (req.method === 'POST' && match[2]) await submitLogin(req, res)
      else sendHtml(res, 405, renderMessagePage('Sign-in problem', 'Method not allowed.'))
    } catch (error) {
      if (error instanceof SessionNotFound) {
        sendHtml(
          res,
          400,
          renderMessagePage(
            'Sign-in expired',
            'This sign-in attempt has expired. Go back to the portal and start again.',
          ),
        )
        return true
      }
      if (!options.quiet) console.error('[idp] interaction failed', error)
      if (!res.headersSent) sendHtml(res, 500, renderMessagePage('Sign-in problem', 'Something went wrong.'))
    }
    return true
  }

  return handleInteraction
}
