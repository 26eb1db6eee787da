import { useEffect } from 'react'

const RESUME_COOKIE = 'svc_oauth_resume'
const INTERACTION = /^\/oauth\/interaction\/[A-Za-z0-9_-]+$/

/**
 * An app's OAuth sign-in sent this browser to the sign-in page, which then lands on the
 * dashboard: go back to the app's request. Only an interaction path is followed, never an
 * address a cookie could otherwise smuggle in.
 */
export function useOAuthResume (): void {
  useEffect(() => {
    const entry = document.cookie.split('; ').find(cookie => cookie.startsWith(`${RESUME_COOKIE}=`))
    if (!entry) return
    document.cookie = `${RESUME_COOKIE}=; path=/; max-age=0`
    const path = decodeURIComponent(entry.slice(RESUME_COOKIE.length + 1))
    if (INTERACTION.test(path)) window.location.assign(path)
  }, [])
}
