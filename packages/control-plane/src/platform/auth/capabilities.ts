/** Capability name → host roles that hold it. */
export type CapabilityMap = Record<string, readonly string[]>

export function roleHasCapability (capabilities: CapabilityMap, role: string | undefined, capability: string): boolean {
  if (!role) return false
  return capabilities[capability]?.includes(role) ?? false
}

export function roleHasAnyCapability (capabilities: CapabilityMap, role: string | undefined): boolean {
  return Object.keys(capabilities).some(capability => roleHasCapability(capabilities, role, capability))
}
