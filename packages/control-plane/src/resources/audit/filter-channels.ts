/**
 * The channels `audit.list` filters by: those of the doors the package ships (`defineDoor` under
 * `doors/`), as the operation's params have always named them. The filter is part of the
 * operation's published params, so it is a list here rather than read from the doors, which no
 * resource imports; a test holds the two together.
 */
export const FILTER_CHANNELS = ['dispatch', 'read_form', 'route', 'mcp'] as const
