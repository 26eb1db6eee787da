import { ProtocolError, ProtocolErrorCode, type GetPromptResult, type Prompt } from '@modelcontextprotocol/server'
import type { Operation } from '../../kernel/registry/define-operation.ts'
import type { PACKAGE_PROMPT_NAMES } from '../../kernel/registry/mcp-options.ts'
import { toolName } from './tool-name.ts'

/** A prompt offered to callers who may run every operation it names; its name reserved from operations' prompts. */
type PromptDefinition = Prompt & {
  name: typeof PACKAGE_PROMPT_NAMES[number]
  operations: readonly string[]
  text: (tool: (operation: string) => string) => string
}

const PROMPTS: readonly PromptDefinition[] = [{
  name: 'review_site_health',
  title: 'Review the site\'s health',
  description: 'Has the agent call status.get and report what needs attention: failing checks, database latency, the outbox, disabled modules.',
  operations: ['status.get', 'modules.list'],
  text: tool => [
    `Review the health of this site. Call the ${tool('status.get')} tool first.`,
    'Then report, most urgent first:',
    '- every check with ok: false, with its message and what it means for the site;',
    '- the database: provider, whether it is reachable, and latency_ms above 100 as slow;',
    '- the outbox: failed messages never reached their destination, pending ones are still queued;',
    `- modules that are switched off (false in modules; ${tool('modules.list')} describes each).`,
    'End with the next step for each problem, naming the tool that would take it. Change nothing yourself.',
  ].join('\n'),
}]

function promptsFor (runnable: readonly Operation[]) {
  const byName = new Map(runnable.map(operation => [operation.name, operation]))
  const prompts = PROMPTS.filter(prompt => prompt.operations.every(name => byName.has(name)))
  return { prompts, tool: (name: string) => toolName(byName.get(name)!) }
}

export function listPrompts (runnable: readonly Operation[]): Prompt[] {
  return promptsFor(runnable).prompts.map(({ operations: _operations, text: _text, ...prompt }) => prompt)
}

export function getPrompt (runnable: readonly Operation[], name: string): GetPromptResult {
  const { prompts, tool } = promptsFor(runnable)
  const prompt = prompts.find(candidate => candidate.name === name)
  if (!prompt) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `unknown prompt "${name}"; prompts/list names the prompts this key may use`)
  return {
    description: prompt.description,
    messages: [{ role: 'user', content: { type: 'text', text: prompt.text(tool) } }],
  }
}
