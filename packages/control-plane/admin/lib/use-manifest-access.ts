import { useEffect, useState } from 'react'
import { lastManifestAccess, loadManifestAccess, type ManifestAccess } from './manifest-access.ts'

/** The account's access to the control plane; re-asked on every mount, answered from cache when fresh. */
export function useManifestAccess (): ManifestAccess {
  const [access, setAccess] = useState<ManifestAccess>(() => lastManifestAccess() ?? { state: 'loading' })
  useEffect(() => {
    let current = true
    void loadManifestAccess().then(result => { if (current) setAccess(result) })
    return () => { current = false }
  }, [])
  return access
}
