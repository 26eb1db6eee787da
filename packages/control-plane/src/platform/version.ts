/** The product version this build of the control plane reports (manifest, `Svc-Version`). */
export const PRODUCT_VERSION = '1.4.000'

/** The namespace under the host's REST root; part of every path. */
export const NAMESPACE = 'svc/v1'
