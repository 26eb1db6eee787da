import { unsupportedVersion } from '../../platform/errors/errors.ts'
import { pinProblem, PRODUCT_VERSION } from '../../platform/version.ts'

/** Refuses a pin this build cannot serve (docs/http-api.md, "What a client can pin"); no pin is served as the installed version. */
export function assertPinServed (pinned: string | undefined): void {
  const problem = pinned === undefined ? null : pinProblem(pinned)
  if (problem) throw unsupportedVersion(pinned!, PRODUCT_VERSION, problem)
}
