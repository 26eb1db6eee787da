import { useEffect, useRef } from 'react'

/** Calls `callback` every `ms` while the tab is visible, and once on coming back to it. */
export function useInterval (callback: () => void, ms: number): void {
  const latest = useRef(callback)
  useEffect(() => { latest.current = callback })
  useEffect(() => {
    const tick = () => { if (document.visibilityState === 'visible') latest.current() }
    const timer = setInterval(tick, ms)
    document.addEventListener('visibilitychange', tick)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', tick)
    }
  }, [ms])
}
