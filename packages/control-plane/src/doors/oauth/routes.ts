import express, { type NextFunction, type Request, type Response, type Router } from 'express'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import { accountLoader } from '../../platform/host-contract/load-account.ts'
import { assertSameSite, type Account } from '../../kernel/access/door-auth.ts'
import { browserRequestOf, sessionAccountId } from '../http/caller.ts'
import { forbidden, invalidParams, unauthenticated } from '../../platform/errors/errors.ts'
import { sendFailure, sendSuccess } from '../../platform/http/envelope.ts'
import { toSvcError } from '../../platform/errors/to-svc-error.ts'
import { INTERACTION_PATH, originOf, protectedResourceMetadataUrl } from '../../platform/oauth/resource-urls.ts'
import { READ_ONLY_SCOPE } from '../../platform/oauth/scopes.ts'
import { rememberGrantApproval } from '../../platform/oauth/grant-approval.ts'
import { offeredScopes, redirectHostOf, requesterOf } from './consent-request.ts'
import { oauthRateLimit } from './oauth-rate-limit.ts'

/** Where a sign-in started from an OAuth request resumes: read by the Admin UI once signed in. */
const RESUME_COOKIE = 'svc_oauth_resume'

/** The Admin UI page where the signed-in account grants or denies a client's request. */
const consentPath = (uid: string): string => `/control-plane/oauth-consent?uid=${encodeURIComponent(uid)}`

type AsyncHandler = (req: Request, res: Response) => Promise<void>

/** The `resource` parameter of an authorization request (RFC 8707), as oidc-provider passes it on. */
type RequestedResource = string | string[] | undefined

/** Answers a refusal as the namespace's envelope; the protocol endpoints answer in OAuth's own format. */
const handled = (runtime: ControlPlaneRuntime, handler: AsyncHandler) => (req: Request, res: Response) => {
  res.set('Cache-Control', 'no-store')
  handler(req, res).catch((error: unknown) => sendFailure(res, toSvcError(error, runtime.log)))
}

async function signedInAccount (runtime: ControlPlaneRuntime, req: Request, res: Response): Promise<Account | null> {
  const id = await sessionAccountId(runtime, req, res)
  return id === null ? null : accountLoader(runtime.db, runtime.options.host.accounts)(id)
}

async function consentContext (runtime: ControlPlaneRuntime, req: Request, res: Response) {
  const provider = await runtime.oauth.provider()
  const interaction = await provider.interactionDetails(req, res).catch(() => { throw invalidParams('this sign-in request has expired or belongs to another browser; start again from the app') })
  const account = await signedInAccount(runtime, req, res)
  if (!account) throw unauthenticated('sign in to the Admin UI first')
  if (interaction.prompt.name !== 'consent') throw invalidParams('this sign-in request is not waiting for consent')
  if (interaction.session?.accountId !== account.id) throw forbidden('this sign-in request was started by another account')
  const clientId = String(interaction.params.client_id)
  const client = await provider.Client.find(clientId)
  if (!client) throw invalidParams('the client of this sign-in request is no longer registered')
  return { provider, interaction, account, client, clientId }
}

/** Where oidc-provider answers; the sign-in and consent steps (`INTERACTION_PATH`) are beneath it. */
const PROTOCOL_PREFIX = '/oauth/'
const OPENID_CONFIGURATION_PATH = '/.well-known/openid-configuration'
/** RFC 8414's name for the same document, for clients that look there first. */
const AUTHORIZATION_SERVER_METADATA_PATH = '/.well-known/oauth-authorization-server'

const resourceMetadataPathOf = (resource: string): string => new URL(protectedResourceMetadataUrl(resource)).pathname

/**
 * The authorization server (oidc-provider) at `/oauth/*`, its metadata at the origin's well-known
 * paths, the protected resources' metadata, and the sign-in and consent steps between them.
 * Returns the paths it serves, beneath which every request it answers lies.
 */
export function mountOAuth (router: Router, runtime: ControlPlaneRuntime): string[] {
  const { urls } = runtime.oauth
  const origin = originOf(runtime.options)
  const provider = (req: Request, res: Response, next: NextFunction) => {
    runtime.oauth.serve().then(serve => serve(req, res), next)
  }
  const resourceMetadata = (resource: string) => (_req: Request, res: Response) => {
    res.set('Cache-Control', 'public, max-age=300').json({
      resource,
      authorization_servers: [origin],
      // The broad scopes; any resource's operation name (`leads.list`) and `read_only` are accepted too.
      scopes_supported: [...Object.keys(runtime.options.capabilities), ...new Set(runtime.registry.all().map(operation => operation.resource))],
      bearer_methods_supported: ['header'],
      resource_documentation: `${urls.namespace}/docs`,
    })
  }
  const resources = [urls.mcp, urls.namespace]
  router.use(oauthRateLimit(runtime))
  for (const resource of resources) router.get(resourceMetadataPathOf(resource), resourceMetadata(resource))
  router.get(AUTHORIZATION_SERVER_METADATA_PATH, (req, res, next) => {
    req.url = OPENID_CONFIGURATION_PATH
    provider(req, res, next)
  })
  router.get(OPENID_CONFIGURATION_PATH, provider)

  router.get(`${INTERACTION_PATH}/:uid`, handled(runtime, async (req, res) => {
    const instance = await runtime.oauth.provider()
    const interaction = await instance.interactionDetails(req, res).catch(() => null)
    if (!interaction || interaction.uid !== req.params.uid) throw invalidParams('this sign-in request has expired or belongs to another browser; start again from the app')
    const account = await signedInAccount(runtime, req, res)
    const resume = `${INTERACTION_PATH}/${interaction.uid}`
    if (!account) {
      // Keystone's sign-in page lands on the dashboard whatever `from` says; the Admin UI's
      // navigation reads this cookie there and comes back (admin/lib/use-oauth-resume.ts).
      res.cookie(RESUME_COOKIE, resume, { path: '/', maxAge: 600_000, sameSite: 'lax', secure: origin.startsWith('https:') })
      return res.redirect(303, `/signin?from=${encodeURIComponent(resume)}`)
    }
    res.clearCookie(RESUME_COOKIE, { path: '/' })
    if (interaction.prompt.name === 'login') {
      return instance.interactionFinished(req, res, { login: { accountId: account.id } }, { mergeWithLastSubmission: false })
    }
    res.redirect(303, consentPath(interaction.uid))
  }))

  router.get(`${INTERACTION_PATH}/:uid/details`, handled(runtime, async (req, res) => {
    const { interaction, account, client, clientId } = await consentContext(runtime, req, res)
    const redirectUri = String(interaction.params.redirect_uri)
    sendSuccess(res, {
      uid: interaction.uid,
      client_id: clientId,
      client_name: client.clientName ?? null,
      client_uri: client.clientUri ?? null,
      ...requesterOf(clientId, client.clientName),
      redirect_uri: redirectUri,
      redirect_host: redirectHostOf(redirectUri),
      account: { id: account.id, email: account.email },
      scopes: offeredScopes(runtime, account, interaction.params.scope as string | undefined),
    }, false)
  }))

  router.post(`${INTERACTION_PATH}/:uid/confirm`, express.json({ limit: '16kb' }), handled(runtime, async (req, res) => {
    assertSameSite(browserRequestOf(req))
    const { provider: instance, interaction, account, clientId } = await consentContext(runtime, req, res)
    const body = req.body as { scopes?: unknown, approve_destructive?: unknown } | undefined
    const chosen = body?.scopes
    if (!Array.isArray(chosen) || chosen.some(scope => typeof scope !== 'string')) throw invalidParams('scopes: expected an array of scope names')
    const approveDestructive = body?.approve_destructive ?? true
    if (typeof approveDestructive !== 'boolean') throw invalidParams('approve_destructive: expected true or false')
    const offered = offeredScopes(runtime, account, interaction.params.scope as string | undefined)
    const granted = offered.filter(scope => chosen.includes(scope))
    if (granted.filter(scope => scope !== READ_ONLY_SCOPE).length === 0) throw invalidParams('grant at least one scope, or deny')
    const grant = interaction.grantId ? await instance.Grant.find(interaction.grantId) : undefined
    const next = grant ?? new instance.Grant({ accountId: account.id, clientId })
    const details = interaction.prompt.details as { missingOIDCScope?: string[], missingResourceScopes?: Record<string, string[]> }
    if (details.missingOIDCScope?.length) next.addOIDCScope(details.missingOIDCScope.join(' '))
    const resources = Object.keys(details.missingResourceScopes ?? {})
    for (const resource of resources.length > 0 ? resources : [String(interaction.params.resource as RequestedResource ?? urls.mcp)]) {
      next.addResourceScope(resource, granted.join(' '))
      // Unchecked (or not held) scopes are refused, not missing: the client is not sent back to consent for them.
      const refused = (details.missingResourceScopes?.[resource] ?? []).filter(scope => !granted.includes(scope))
      if (refused.length > 0) next.rejectResourceScope(resource, refused.join(' '))
    }
    const grantId = await next.save()
    const store = { db: runtime.db, secrets: runtime.secrets, now: runtime.options.now }
    await rememberGrantApproval(store, grantId, approveDestructive ? 'destructive' : 'none', runtime.options.oauth.refreshTokenDays * 86_400)
    const redirectTo = await instance.interactionResult(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true })
    sendSuccess(res, { redirect_to: redirectTo, scopes: granted }, true)
  }))

  router.post(`${INTERACTION_PATH}/:uid/deny`, express.json({ limit: '16kb' }), handled(runtime, async (req, res) => {
    assertSameSite(browserRequestOf(req))
    const { provider: instance } = await consentContext(runtime, req, res)
    const redirectTo = await instance.interactionResult(req, res, { error: 'access_denied', error_description: 'the user denied access' }, { mergeWithLastSubmission: false })
    sendSuccess(res, { redirect_to: redirectTo }, false)
  }))

  // Not `router.use('/oauth', …)`: oidc-provider would take express's mount point for its own and prefix it again.
  router.use((req, res, next) => req.path.startsWith(PROTOCOL_PREFIX) ? provider(req, res, next) : next())
  return [...resources.map(resourceMetadataPathOf), AUTHORIZATION_SERVER_METADATA_PATH, OPENID_CONFIGURATION_PATH, PROTOCOL_PREFIX]
}
