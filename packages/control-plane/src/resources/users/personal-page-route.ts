import type { Response } from 'express'
import type { PublicRoute } from '../../kernel/route.ts'
import { slotNumber } from '../../platform/db/slots.ts'
import { MEMBER_ROW_SELECT, TEAM_PAGES_PATH } from './shape.ts'
import { renderPageError, renderPageNotFound, renderPersonalPage } from './personal-page.ts'

/** Pictures may live on any http(s) host; nothing else is loaded and no script runs. */
const CONTENT_SECURITY_POLICY = "default-src 'none'; img-src http: https:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

function sendHtml (res: Response, status: number, html: string): void {
  res.status(status)
    .set('Content-Type', 'text/html; charset=utf-8')
    .set('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    .set('X-Content-Type-Options', 'nosniff')
    .set('Referrer-Policy', 'no-referrer')
    .set('Cache-Control', 'no-cache')
    .send(html)
}

/** `GET /team/{user_num}`: the public personal page of an active team member; 404 for a free slot. */
export const personalPageRoute: PublicRoute = {
  method: 'GET',
  path: `${TEAM_PAGES_PATH}/:userNum`,
  site: true,
  async handler (runtime, req, res) {
    const slot = slotNumber.safeParse(req.params.userNum)
    if (!slot.success) return sendHtml(res, 404, renderPageNotFound())
    try {
      const member = await runtime.db.svcTeamMember.findUnique({ where: { slot: slot.data }, select: MEMBER_ROW_SELECT })
      if (!member) return sendHtml(res, 404, renderPageNotFound())
      sendHtml(res, 200, renderPersonalPage(member, runtime.options))
    } catch (error) {
      runtime.log('could not render a personal page', error)
      sendHtml(res, 500, renderPageError())
    }
  },
}
